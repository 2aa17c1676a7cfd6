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
import { type Checkpoint, PULL_BULK_LIMIT_MAX, syncPaths } from "../../../../../sync/protocol.ts";
import type { ApiClient } from "../../../lib/api/client.ts";
import type { DpcDatabase } from "./database.ts";
import { hasInsertNew } from "./dexie-direct.ts";
import { checkpointRow, metaInstanceParams, PRISTINE_LWT, pristineForkDoc, type ReplicationNames, replicationNames } from "./replication-meta.ts";
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
  const metaParams = metaInstanceParams({
    databaseInstanceToken: db.token,
    databaseName: db.name,
    collectionName: name,
    schema: collection.schema.jsonSchema,
    options: {},
    multiInstance: db.multiInstance,
    password: db.password,
    devMode: false,
  }, names);
  const meta = await db.storage.createStorageInstance(metaParams) as unknown as Instance;
  try {
    await addConnectedStorageToCollection(collection, names.metaCollection, metaParams.schema as never);
    const [down, up] = await meta.findDocumentsById(["down|1", "up|1"], true).then((docs) => [
      docs.find((doc) => doc.itemId === "down"),
      docs.find((doc) => doc.itemId === "up"),
    ]);
    if (down || up || !(await isEmpty(fork))) return 0;
    return await pullPages({ fork, meta, names, primary: collection.schema.primaryPath as string, pageSize, api, name, onPage: options.onPage, closed: options.closed });
  } finally {
    await meta.close();
  }
}

async function isEmpty(fork: Instance): Promise<boolean> {
  const { documents } = await getChangedDocumentsSince(fork, 1);
  return documents.length === 0;
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
    const answer = await api.get(syncPaths.pull(name), {
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
  async function writeCheckpoint(direction: "down" | "up", checkpoint: Row) {
    const document = checkpointRow({ schema: metaSchema, direction, checkpoint, previous: previous[direction], names });
    const written = await meta.bulkWrite([{ previous: previous[direction], document }] as never, INITIAL_PULL_CONTEXT);
    if (written.error.length > 0) throw new Error(`The ${direction} checkpoint of ${name} could not be stored`);
    previous[direction] = document;
  }
  /**
   * RxDB's checkpoint of the collection (`up`), moved past a page's documents BEFORE they are stored: RxDB's
   * upstream pushes only what lies after it, and a document this pull stores is the server's own copy. Moved
   * after them, a tab closed in between left documents past it, which the upstream then pushed back as new
   * (a stale copy could undo another device's edit made meanwhile). Past documents not stored yet it passes
   * over nothing: every other write stamps a later `lwt` than the pristine one. In page order.
   */
  let covered: Promise<void> = Promise.resolve();
  function cover(page: Page): Promise<void> {
    for (const doc of page.documents) if (String(doc[primary]) > lastId) lastId = String(doc[primary]);
    const id = lastId;
    covered = covered.then(() => (ended() ? undefined : writeCheckpoint("up", { id, lwt: PRISTINE_LWT })));
    return covered;
  }
  /** The server's checkpoint (`down`), once the page's documents are in; in page order. */
  async function commit(page: Page, inserted: Promise<boolean>) {
    // A document already there (written on the device meanwhile): the replication takes it from here.
    if (stop || !(await inserted)) return void (stop = true);
    stored += page.documents.length;
    // Closing (a sign-out wipes the databases): no write that would bring the meta store back after its deletion.
    if (args.closed?.()) return;
    await writeCheckpoint("down", { ...page.checkpoint });
  }

  let next: ReturnType<typeof fetchPage> | null = fetchPage(null);
  let committed: Promise<void> = Promise.resolve();
  try {
    await fetchAndStore();
  } finally {
    // A failed page still leaves the earlier ones stored, with their checkpoints.
    await committed;
  }
  return stored;

  async function fetchAndStore() {
    const stores: Promise<unknown>[] = [];
    while (next && !ended()) {
      const sent = await next;
      if (ended() || !sent.checkpoint || sent.documents.length === 0) break;
      // The next page is on its way while this one is validated, sealed and written (the server works
      // while the device does); pages are sealed while earlier ones' transactions commit (IndexedDB runs
      // them in order); the collection's checkpoint is moved past each page before it, the server's after
      // it, in page order. The fetching waits only for the page's own writes, PAGES_AHEAD pages back (not
      // for the server's checkpoints, whose transactions queue behind the next page's documents).
      // A page shorter than asked for is the last, unless the server ended it early for its size (`more`).
      next = sent.more === true || sent.documents.length >= args.pageSize ? fetchPage(sent.checkpoint) : null;
      next?.catch(() => {});
      const page: Page = { documents: validDocuments(definition, sent.documents) as Row[], checkpoint: sent.checkpoint };
      const rows = page.documents.map((doc) => pristineForkDoc(doc, names));
      const inserted = cover(page).then(() => !ended() && insert(rows));
      // A failure anywhere ends the pull: what is stored is covered by the checkpoints written; the replication goes on.
      inserted.catch(() => void (stop = true));
      committed = committed.then(() => commit(page, inserted));
      committed.catch(() => void (stop = true));
      stores.push(inserted);
      if (stores.length > PAGES_AHEAD) await stores.shift()!.catch(() => {});
    }
  }
}
