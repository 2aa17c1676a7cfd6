/**
 * The bookkeeping RxDB's replication keeps beside each collection (its "meta"
 * storage instance), in RxDB 17's own format, for the initial pull that writes
 * below RxDB's per-document path (`initial-pull.ts`).
 *
 * RxDB keeps, per replicated document, a meta row holding the server's copy
 * (`docData`): the `assumedMasterState` of the next push and the base of a
 * three-way merge. Writing one for each of 20,000 freshly pulled documents
 * doubles the cost of a first sync. A document the initial pull stored and
 * nobody has changed since IS the server's copy, so the initial pull marks it
 * (`_meta.lwt` = `PRISTINE_LWT`, which no other write produces: every write
 * through RxDB stamps the time) and writes no meta row. The first write that
 * changes such a document, from any tab, first stores its previous state as
 * the meta row (`pristineMetaStorage`), so RxDB's replication then finds
 * exactly what it would have written itself. An incoming server copy of an
 * unchanged marked document overwrites it as usual (RxDB's downstream accepts a
 * fork state it wrote, `_meta.o`, with no meta row).
 */
import {
  createRevision,
  defaultHashSha256,
  getComposedPrimaryKeyOfDocumentData,
  getRxReplicationMetaInstanceSchema,
  now,
  RX_META_LWT_MINIMUM,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorage,
  type RxStorageInstance,
  type RxStorageInstanceCreationParams,
} from "rxdb";
import { type CollectionName, isCollectionName } from "../../../../../sync/collections/index.ts";
import { SYNC_VERSION } from "../../../../../sync/protocol.ts";
import { hasInsertNew } from "./dexie-insert.ts";

type Row = Record<string, unknown>;
type Instance = RxStorageInstance<Row, unknown, unknown>;

const META_CONTEXT = "dpc-pristine-master-state";

/** The `_meta.lwt` of a document the initial pull stored that nobody has written since. */
export const PRISTINE_LWT = RX_META_LWT_MINIMUM;

/** RxDB's replication identifier of a collection (part of its meta store's name). */
export const replicationIdentifier = (name: CollectionName) => `dpc-sync-v${SYNC_VERSION}-${name}`;

/** What RxDB derives from the identifier; the same hash function as the database (RxDB's default). */
export async function replicationNames(name: CollectionName, databaseName: string) {
  const identifier = "rxdbreplication" + replicationIdentifier(name);
  const [metaHash, identifierHash, checkpointHash] = await Promise.all([
    defaultHashSha256([name, replicationIdentifier(name)].join("-")),
    defaultHashSha256(identifier),
    defaultHashSha256([identifier, databaseName, name].join("||")),
  ]);
  return {
    /** RxDB's `metaInstanceCollectionName`. */
    metaCollection: `rx-replication-meta-${metaHash}`,
    /** Flags the fork states the replication wrote (`_meta.o.hash`). */
    identifierHash,
    /** RxDB's checkpoint key: the token of the meta rows' revisions. */
    checkpointKey: `rx_storage_replication_${checkpointHash}`,
  };
}

export type ReplicationNames = Awaited<ReturnType<typeof replicationNames>>;

/** The meta store's creation parameters for a collection, as RxDB's replication opens it. */
export function metaInstanceParams<Options>(
  fork: RxStorageInstanceCreationParams<unknown, Options>,
  names: ReplicationNames,
): RxStorageInstanceCreationParams<Row, Options> {
  return {
    ...fork,
    collectionName: names.metaCollection,
    schema: getRxReplicationMetaInstanceSchema(fork.schema as never, false) as unknown as RxJsonSchema<RxDocumentData<Row>>,
    options: {} as Options,
  };
}

/** A server document as the initial pull stores it in the collection. */
export function pristineForkDoc(doc: Row, names: ReplicationNames): Row {
  return {
    ...doc,
    _attachments: {},
    _meta: { lwt: PRISTINE_LWT, o: { _rev: 1, hash: names.identifierHash } },
    _rev: `1-${names.identifierHash}`,
  };
}

export const isPristine = (doc: Row | undefined): boolean =>
  (doc?._meta as { lwt?: number } | undefined)?.lwt === PRISTINE_LWT;

/** RxDB's meta row holding the server's copy of one document. */
export function masterStateRow(schema: RxJsonSchema<RxDocumentData<Row>>, docData: Row, names: ReplicationNames, primary: string): Row {
  const row: Row = {
    id: "",
    isCheckpoint: "0",
    itemId: docData[primary],
    docData,
    _attachments: {},
    _deleted: false,
    _rev: createRevision(names.checkpointKey),
    _meta: { lwt: now() },
  };
  row.id = getComposedPrimaryKeyOfDocumentData(schema as never, row);
  return row;
}

/** The replicated state of a stored document: RxDB's bookkeeping dropped, `_deleted` kept. */
export function docState(doc: Row): Row {
  const { _meta: _m, _rev: _r, _attachments: _a, ...state } = doc;
  return { ...state, _deleted: doc._deleted === true };
}

/** RxDB's checkpoint row of one direction (`down`: the server's, `up`: the collection's), written over `previous`. */
export function checkpointRow(options: {
  schema: RxJsonSchema<RxDocumentData<Row>>;
  direction: "down" | "up";
  checkpoint: Row;
  previous: Row | undefined;
  names: ReplicationNames;
}): Row {
  const row: Row = {
    id: "",
    isCheckpoint: "1",
    itemId: options.direction,
    _deleted: false,
    _attachments: {},
    checkpointData: options.previous ? { ...(options.previous.checkpointData as Row), ...options.checkpoint } : options.checkpoint,
    _meta: { lwt: now() },
    _rev: createRevision(options.names.checkpointKey, options.previous as never),
  };
  row.id = getComposedPrimaryKeyOfDocumentData(options.schema as never, row);
  return row;
}

/**
 * A storage wrapper: before a write changes a pristine document of a synced
 * collection (any write but the replication's own downstream), the document's
 * previous state is stored as RxDB's meta row — unless one is there already.
 * Works in every tab, whether or not it replicates.
 */
export function pristineMetaStorage<Internals, Options>(storage: RxStorage<Internals, Options>): RxStorage<Internals, Options> {
  return {
    ...storage,
    async createStorageInstance<D>(params: RxStorageInstanceCreationParams<D, Options>): Promise<RxStorageInstance<D, Internals, Options>> {
      const instance = await storage.createStorageInstance(params);
      const name = params.collectionName;
      if (!isCollectionName(name)) return instance;
      const fork = instance as unknown as Instance;
      const primary = typeof fork.schema.primaryKey === "string" ? fork.schema.primaryKey : fork.schema.primaryKey.key;
      let meta: Promise<{ instance: Instance; names: ReplicationNames }> | null = null;
      const openMeta = () =>
        meta ??= replicationNames(name, params.databaseName).then(async (names) => ({
          names,
          // Only RxDB's replication reads these rows, from the storage: no change events for other tabs.
          instance: await storage.createStorageInstance({ ...metaInstanceParams(params as never, names), multiInstance: false }) as unknown as Instance,
        }));

      async function keepMasterStates(previous: Row[]) {
        const { instance: metaInstance, names } = await openMeta();
        const docs = previous.map((doc) => masterStateRow(metaInstance.schema, docState(doc), names, primary));
        // Usually none is there yet: one add, no read first.
        if (hasInsertNew(metaInstance) && await metaInstance.insertNew(docs as never, META_CONTEXT)) return;
        const result = await metaInstance.bulkWrite(docs.map((document) => ({ document })) as never, META_CONTEXT);
        // 409: RxDB's replication stored the master state meanwhile; that one stands.
        const failed = result.error.filter((error) => error.status !== 409);
        if (failed.length > 0) throw new Error(`The server's copy of ${failed.length} documents could not be kept`);
      }

      const wrapped = Object.create(fork) as Instance;
      wrapped.bulkWrite = async (rows, context) => {
        if (!context.startsWith("replication-downstream-")) {
          const pristine = rows.flatMap((row) => (row.previous && isPristine(row.previous) ? [row.previous as Row] : []));
          if (pristine.length > 0) await keepMasterStates(pristine);
        }
        return fork.bulkWrite(rows, context);
      };
      wrapped.close = async () => {
        if (meta) await (await meta).instance.close().catch(() => {});
        return fork.close();
      };
      wrapped.remove = async () => {
        if (meta) await (await meta).instance.close().catch(() => {});
        return fork.remove();
      };
      return wrapped as unknown as RxStorageInstance<D, Internals, Options>;
    },
  };
}
