/**
 * The first pull of a collection into an empty device database, in bulk.
 *
 * RxDB's replication stores each pulled page document by document: it reads
 * the local and the meta copy of every document, runs the conflict check,
 * writes the document and a meta row with the server's copy. For a collection
 * that holds nothing yet there is nothing to check, so this stores each page
 * in one write of the documents alone, marked pristine (`replication-meta.ts`),
 * fetching the next page while the previous one is written; after every page
 * it stores RxDB's own checkpoints, so the replication started afterwards
 * (and a reload in the middle) goes on from there as if it had pulled the
 * pages itself.
 *
 * Anything unexpected (a document already there, a failed request) ends the
 * bulk pull early: the replication then pulls the rest from the last stored
 * checkpoint the ordinary way.
 */
import { addConnectedStorageToCollection, getChangedDocumentsSince, type RxCollection, type RxDocumentData, type RxJsonSchema, type RxStorageInstance } from "rxdb";
import { type CollectionName, collectionOf } from "../../../../../sync/collections/index.ts";
import { type Checkpoint, PULL_BULK_LIMIT_MAX } from "../../../../../sync/protocol.ts";
import type { ApiClient } from "../../../lib/api/client.ts";
import type { DpcDatabase } from "./database.ts";
import { hasInsertNew } from "./dexie-direct.ts";
import { checkpointRow, collectionMetaParams, isPristine, PRISTINE_LWT, pristineForkDoc, type ReplicationNames, replicationNames } from "./replication-meta.ts";
import { syncVersion } from "./sync-api.ts";
import { pageSchema, validDocuments } from "./validate-docs.ts";

type Row = Record<string, unknown>;
type Instance = RxStorageInstance<Row, unknown, unknown>;
type Page = { documents: Row[]; checkpoint: Checkpoint | null };

export const INITIAL_PULL_CONTEXT = "dpc-initial-pull";
/** Pages being stored while the next one is fetched. */
const PAGES_AHEAD = 2;

/** How many documents were stored; 0 when the collection was not empty (or nothing came). */
export async function pullInitial(options: {
  db: DpcDatabase;
  name: CollectionName;
  api: ApiClient;
  /** A page was answered (the status's last-synced time). */
  onPage?(): void;
  /** True once the data layer is closing (sign-out, another user): no page more is fetched or stored. */
  closed?(): boolean;
  pageSize?: number;
}): Promise<number> {
  const { db, name, api } = options;
  const pageSize = options.pageSize ?? PULL_BULK_LIMIT_MAX;
  const collection = db[name] as unknown as RxCollection;
  const fork = (collection.storageInstance as unknown as { originalStorageInstance: Instance }).originalStorageInstance;
  const names = await replicationNames(name, db.name);
  const metaParams = collectionMetaParams(db, name, names);
  const meta = await db.storage.createStorageInstance(metaParams) as unknown as Instance;
  try {
    await addConnectedStorageToCollection(collection, names.metaCollection, metaParams.schema as never);
    const [down, up] = await meta.findDocumentsById(["down|1", "up|1"], true).then((docs) => [
      docs.find((doc) => doc.itemId === "down"),
      docs.find((doc) => doc.itemId === "up"),
    ]);
    if (down || up || !(await isEmpty(fork))) {
      if (!options.closed?.()) await coverPristine({ fork, meta, names, up });
      return 0;
    }
    return await pullPages({ fork, meta, names, primary: collection.schema.primaryPath as string, pageSize, api, name, onPage: options.onPage, closed: options.closed });
  } finally {
    await meta.close();
  }
}

async function isEmpty(fork: Instance): Promise<boolean> {
  const { documents } = await getChangedDocumentsSince(fork, 1);
  return documents.length === 0;
}

/** Documents read at a time while looking for pristine ones past the collection's checkpoint. */
const COVER_BATCH = 500;

/**
 * Moves RxDB's checkpoint of the collection (`up`) past pristine documents stored without it: a tab closed (or
 * a write failed) between a page's documents and its checkpoints. RxDB's upstream pushes what lies past that
 * checkpoint, and took those documents, the server's own copies, for new ones: it pushed them all back, and a
 * stale copy could undo another device's edit made meanwhile. Pristine documents sort first (their `lwt` is
 * the lowest), so usually a single read of what follows the checkpoint finds none; nothing is written then.
 */
export async function coverPristine(args: { fork: Instance; meta: Instance; names: ReplicationNames; up: Row | undefined }) {
  const stored = args.up?.checkpointData as { id: string; lwt: number } | undefined;
  if (stored && stored.lwt > PRISTINE_LWT) return;
  let checkpoint = stored;
  let last: string | null = null;
  for (;;) {
    const { documents } = await getChangedDocumentsSince(args.fork, COVER_BATCH, checkpoint as never);
    const run = documents.findIndex((doc) => !isPristine(doc));
    const pristine = run === -1 ? documents : documents.slice(0, run);
    if (pristine.length === 0) break;
    last = String(pristine.at(-1)!.id);
    checkpoint = { id: last, lwt: PRISTINE_LWT };
    if (pristine.length < COVER_BATCH) break;
  }
  if (last === null) return;
  const document = checkpointRow({
    schema: args.meta.schema as RxJsonSchema<RxDocumentData<Row>>,
    direction: "up",
    checkpoint: { id: last, lwt: PRISTINE_LWT },
    previous: args.up,
    names: args.names,
  });
  const written = await args.meta.bulkWrite([{ previous: args.up, document }] as never, INITIAL_PULL_CONTEXT);
  if (written.error.length > 0) throw new Error("The collection's checkpoint could not be moved past its pulled documents");
}

async function pullPages(args: {
  fork: Instance;
  meta: Instance;
  names: ReplicationNames;
  primary: string;
  pageSize: number;
  api: ApiClient;
  name: CollectionName;
  onPage?(): void;
  closed?(): boolean;
}): Promise<number> {
  const { fork, meta, names, primary, api, name } = args;
  const definition = collectionOf(name);
  const metaSchema = meta.schema as RxJsonSchema<RxDocumentData<Row>>;
  /** A page as the server sent it: its documents are validated once the next page has been asked for. */
  const fetchPage = async (checkpoint: Checkpoint | null) => {
    const answer = await api.GET("/sync/{version}/{collection}/pull", {
      path: { version: syncVersion, collection: name },
      query: { updatedAt: checkpoint?.updatedAt, id: checkpoint?.id, limit: args.pageSize },
    });
    const page = pageSchema.parse(answer);
    args.onPage?.();
    return page;
  };

  const insert = (docs: Row[]): Promise<boolean> =>
    hasInsertNew(fork)
      ? fork.insertNew(docs as never, INITIAL_PULL_CONTEXT)
      : fork.bulkWrite(docs.map((document) => ({ document })) as never, INITIAL_PULL_CONTEXT).then((result) => result.error.length === 0);

  let stored = 0;
  let lastId = "";
  /** No page more: a document was already there, something failed, or the data layer is closing. */
  let stop = false;
  const ended = () => stop || (args.closed?.() ?? false);
  const previous: { down?: Row; up?: Row } = {};
  /** Stores one page's checkpoints once its documents are in; in page order. */
  async function commit(page: Page, inserted: Promise<boolean>) {
    // A document already there (written on the device meanwhile): the replication takes it from here.
    if (stop || !(await inserted)) return void (stop = true);
    stored += page.documents.length;
    for (const doc of page.documents) if (String(doc[primary]) > lastId) lastId = String(doc[primary]);
    // Closing (a sign-out wipes the databases): no write that would bring the meta store back after its deletion.
    if (args.closed?.()) return;
    // RxDB's checkpoints: the server's, and the collection's — past every pristine document, before any other write.
    const checkpoints = (["down", "up"] as const).map((direction) => ({
      previous: previous[direction],
      document: checkpointRow({
        schema: metaSchema,
        direction,
        checkpoint: direction === "down" ? { ...page.checkpoint } : { id: lastId, lwt: PRISTINE_LWT },
        previous: previous[direction],
        names,
      }),
    }));
    const written = await meta.bulkWrite(checkpoints as never, INITIAL_PULL_CONTEXT);
    if (written.error.length > 0) throw new Error(`The checkpoints of ${name} could not be stored`);
    previous.down = checkpoints[0].document;
    previous.up = checkpoints[1].document;
  }

  let next: ReturnType<typeof fetchPage> | null = fetchPage(null);
  // Awaited by the loop unless the data layer closed first: a failure then has nobody to tell.
  next.catch(() => {});
  let committed: Promise<void> = Promise.resolve();
  /** Every page's write: the fetching waits for the one PAGES_AHEAD back; all of them once the pull has ended early. */
  const inserts: Promise<unknown>[] = [];
  let failed = false;
  try {
    await fetchAndStore();
    await committed;
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A failed page still leaves the earlier ones stored, with their checkpoints. Ended early (a failure, a
    // document already there), pages stored without theirs (written while it ended) are covered before the
    // replication starts.
    await committed.catch(() => {});
    if ((stop || failed) && !args.closed?.()) {
      await Promise.allSettled(inserts);
      await coverPristine({ fork, meta, names, up: previous.up }).catch((error) => console.warn(`Covering ${name}`, error));
    }
  }
  return stored;

  async function fetchAndStore() {
    while (next && !ended()) {
      const sent = await next;
      if (ended() || !sent.checkpoint || sent.documents.length === 0) break;
      // The next page is on its way while this one is validated, sealed and written (the server works
      // while the device does); pages are sealed while earlier ones' transactions commit (IndexedDB runs
      // them in order), and their checkpoints are stored after them, in page order. The fetching waits
      // only for the page's own writes, PAGES_AHEAD pages back (not for the checkpoints, whose
      // transactions queue behind the next page's documents: waiting for a page's checkpoint before its
      // documents cost 0.4 s of 2.2 here, the next page's requests no longer queued behind the last).
      // A page shorter than asked for is the last, unless the server ended it early for its size (`more`).
      next = sent.more === true || sent.documents.length >= args.pageSize ? fetchPage(sent.checkpoint) : null;
      next?.catch(() => {});
      const page: Page = { documents: validDocuments(definition, sent.documents) as Row[], checkpoint: sent.checkpoint };
      const rows = page.documents.map((doc) => pristineForkDoc(doc, names));
      const inserted = ended() ? Promise.resolve(false) : insert(rows);
      // A failure anywhere ends the pull (what was stored without its checkpoints is covered then); the replication goes on.
      inserted.catch(() => void (stop = true));
      committed = committed.then(() => commit(page, inserted));
      committed.catch(() => void (stop = true));
      inserts.push(inserted);
      // The page PAGES_AHEAD back is written before the next one is asked for.
      if (inserts.length > PAGES_AHEAD) await inserts[inserts.length - 1 - PAGES_AHEAD].catch(() => {});
    }
  }
}
