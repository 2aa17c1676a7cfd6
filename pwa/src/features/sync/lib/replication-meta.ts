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
  type RxCollection,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorage,
  type RxStorageInstance,
  type RxStorageInstanceCreationParams,
} from "rxdb";
import { type CollectionName, isCollectionName } from "../../../../../sync/collections/index.ts";
import { SYNC_VERSION } from "../../../../../sync/protocol.ts";
import type { DpcDatabase } from "./database.ts";
import { traceWrite } from "./write-trace.ts";

type Row = Record<string, unknown>;
type Instance = RxStorageInstance<Row, unknown, unknown>;

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

/** The meta store's creation parameters for the collection `name` of the device database. */
export function collectionMetaParams(db: DpcDatabase, name: CollectionName, names: ReplicationNames) {
  const collection = db[name] as unknown as RxCollection;
  return metaInstanceParams({
    databaseInstanceToken: db.token,
    databaseName: db.name,
    collectionName: name,
    schema: collection.schema.jsonSchema,
    options: {},
    multiInstance: db.multiInstance,
    password: db.password,
    devMode: false,
  }, names);
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
 * The key of a document's `_meta` holding the server's copy of the pristine document its first change
 * replaced. RxDB merges `_meta` into every local write of the document and leaves it out of what it
 * replicates, compares and shows (`toJSON`); the sealed storage seals this key (`database.ts`).
 */
export const KEPT_MASTER = "dpcMaster";

const META_PREFIX = "rx-replication-meta-";
/** Each database's collections by the name of their replication's meta store. */
const forksByMeta = new Map<string, { fork: Instance; names: ReplicationNames; primary: string; createdHere: Set<string> }>();
const metaKey = (databaseName: string, metaCollection: string) => `${databaseName}/${metaCollection}`;

/**
 * A storage wrapper keeping the server's copy of a pristine document (`isPristine`) in the same write
 * as its first change: any write but the replication's own downstream that replaces a pristine
 * document stores its previous state in the new document's `_meta` (`KEPT_MASTER`), and later local
 * writes carry it on (RxDB merges `_meta`; this wrapper too, should a write not). One IndexedDB
 * transaction per edit (the collection's), atomic with the change: the server's copy cannot be lost
 * between two writes.
 *
 * The replication's meta store of that collection answers a missing meta row of such a document with
 * the kept copy, as RxDB would have written it: RxDB's replication finds exactly the master state it
 * expects (the next push's `assumedMasterState`, the three-way merge's base, the downstream's "changed
 * here" test). A meta row, once written (the push answered, or a server copy pulled), is newer and
 * wins; the downstream's writes replace `_meta`, and so drop the kept copy. Works in every tab,
 * replicating or not.
 */
export function pristineMetaStorage<Internals, Options>(storage: RxStorage<Internals, Options>): RxStorage<Internals, Options> {
  return {
    ...storage,
    async createStorageInstance<D>(params: RxStorageInstanceCreationParams<D, Options>): Promise<RxStorageInstance<D, Internals, Options>> {
      const instance = await storage.createStorageInstance(params);
      const name = params.collectionName;
      if (name.startsWith(META_PREFIX)) return withKeptMasters(instance as unknown as Instance, params.databaseName, name) as never;
      if (!isCollectionName(name)) return instance;
      const fork = instance as unknown as Instance;
      const names = await replicationNames(name, params.databaseName);
      const key = metaKey(params.databaseName, names.metaCollection);
      const primary = typeof fork.schema.primaryKey === "string" ? fork.schema.primaryKey : fork.schema.primaryKey.key;

      const wrapped = Object.create(fork) as Instance;
      /** Documents created on this device since it opened: they keep no server copy (its meta store need not look). */
      const createdHere = new Set<string>();
      wrapped.bulkWrite = async (rows, context) => {
        const done = traceWrite("store");
        const local = !context.startsWith("replication-downstream-");
        const written = local ? rows.map(keepMaster) : rows;
        const result = await fork.bulkWrite(written, context);
        if (local) {
          const failed = new Set(result.error.map((error) => error.documentId));
          for (const row of rows) {
            const id = String(row.document[primary]);
            if (!row.previous && !failed.has(id)) createdHere.add(id);
          }
        }
        done();
        return result;
      };
      const forget = () => {
        if (forksByMeta.get(key)?.fork === wrapped) forksByMeta.delete(key);
      };
      wrapped.close = () => (forget(), fork.close());
      wrapped.remove = () => (forget(), fork.remove());
      forksByMeta.set(key, { fork: wrapped, names, primary, createdHere });
      return wrapped as unknown as RxStorageInstance<D, Internals, Options>;
    },
  };
}

type WriteRow = Parameters<Instance["bulkWrite"]>[0][number];

const keptOf = (doc: Row | undefined) => (doc?._meta as Row | undefined)?.[KEPT_MASTER] as Row | undefined;

/**
 * A local write: the pristine previous state kept in the document, or the kept one carried on. In
 * place: the document is RxDB's copy for this write, and the one it caches as written, so the next
 * write's `previous` holds the kept copy too.
 */
function keepMaster(row: WriteRow): WriteRow {
  const previous = row.previous as Row | undefined;
  const document = row.document as Row;
  if (!previous || keptOf(document) !== undefined) return row;
  const kept = isPristine(previous) ? docState(previous) : keptOf(previous);
  if (kept !== undefined) document._meta = { ...(document._meta as Row), [KEPT_MASTER]: kept };
  return row;
}

/** A replication meta store whose missing master-state rows are answered from its collection's kept copies. */
function withKeptMasters(meta: Instance, databaseName: string, metaCollection: string): Instance {
  const wrapped = Object.create(meta) as Instance;
  wrapped.findDocumentsById = async (ids, withDeleted) => {
    const found = await meta.findDocumentsById(ids, withDeleted);
    const collection = forksByMeta.get(metaKey(databaseName, metaCollection));
    const have = new Set(found.map((row) => row.id as string));
    const missing = ids.filter((id) => !have.has(id) && id.endsWith("|0")).map((id) => id.slice(0, -2))
      .filter((id) => !collection?.createdHere.has(id));
    if (!collection || missing.length === 0) return found;
    const { fork, names, primary } = collection;
    const docs = await fork.findDocumentsById(missing, true);
    for (const doc of docs) {
      const kept = keptOf(doc as Row);
      if (kept) found.push(masterStateRow(meta.schema, kept, names, primary) as never);
    }
    return found;
  };
  return wrapped;
}
