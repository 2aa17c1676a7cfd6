/**
 * What the other tabs are told of a bulk insert (the first pull's pages): the documents' ids, not the
 * documents. RxDB's multi-instance support posts every change bulk of a storage instance to the other
 * tabs through a BroadcastChannel, documents included; for a first pull that is 20,000 sealed documents
 * copied into messages (about 0.12 s of the page's main thread and more of the browser process, measured
 * in `edge/docs/benchmarks.md`). The tab that inserts emits the whole bulk to its own listeners and an
 * ids-only bulk to the channel; a tab that receives one reads those documents from the database it
 * shares with the sender (they are committed before the bulk is emitted) and hands its listeners the
 * bulk as it would have come. Every other bulk (edits, pulled pages) goes out whole, as before.
 *
 * Known limits: a tab still running an app version from before this one takes an ids-only bulk as an
 * empty one, so its open lists miss the first pull's documents until they change or it reloads (a query
 * opened later reads them). A document changed in the few milliseconds between the insert and another
 * tab's reading it back comes to that tab as inserted in its newer state, followed by the change itself;
 * RxDB's queries handle the pair as they handle any event they cannot apply in place (they run again).
 */
import type { EventBulk, RxStorageChangeEvent } from "rxdb";
import { concatMap, filter, from, merge, type Observable, of, share, Subject } from "rxjs";

type Row = Record<string, unknown>;
/** A storage instance's change bulk (RxDB's `changes$` item) for rows of type `R`. */
export type ChangeBulk<R = Row> = EventBulk<RxStorageChangeEvent<R>, unknown>;
type Bulk = ChangeBulk;
/** The marker of an ids-only bulk: the ids of the inserted documents. */
export const IDS_ONLY = "dpcIdsOnly";
type IdsOnly = Bulk & { [IDS_ONLY]?: { ids: string[] } };

export type TabEventsInstance = {
  changes$: Subject<Bulk>;
  changeStream(): Observable<Bulk>;
  findDocumentsById(ids: string[], withDeleted: boolean): Promise<Row[]>;
  primaryPath: string;
  /** Set by RxDB once the instance is closed. */
  closed?: unknown;
};

/** A read-back that failed while the instance is open (Dexie reopening after a version change) is tried again. */
const READ_BACK_TRIES = 50;
const READ_BACK_RETRY_MS = 100;

/**
 * Installs the ids-only bulks on an instance RxDB's multi-instance support has wrapped (its
 * `changeStream` merges the other tabs' bulks with its own `changes$`). Returns how to emit a bulk of
 * inserted documents; without other tabs (`multiInstance` false) that is `changes$` itself.
 */
export function idsOnlyInserts(instance: TabEventsInstance, multiInstance: boolean): (bulk: Bulk) => void {
  if (!multiInstance) return (bulk) => instance.changes$.next(bulk);
  /** This tab's own bulks, by identity: they reach its listeners at once, never behind a read-back. */
  const own = new WeakSet<Bulk>();
  const ownInserts$ = new Subject<Bulk>();
  const shared = instance.changeStream.bind(instance);
  const ownWrites$ = instance.changes$.pipe(
    filter((bulk: IdsOnly) => bulk[IDS_ONLY] === undefined),
  );
  const received$ = shared().pipe(
    filter((bulk) => !own.has(bulk)),
    // In order: a later bulk of the same documents from that tab must not overtake the one being read.
    concatMap((bulk: IdsOnly) => (bulk[IDS_ONLY] ? from(readBack(instance, bulk)) : of(bulk))),
    filter((bulk) => bulk.events.length > 0),
  );
  const all$ = merge(ownWrites$, ownInserts$, received$).pipe(share());
  instance.changeStream = () => all$;
  // Registered before anything subscribes to `changeStream()`, so it sees each bulk first.
  instance.changes$.subscribe((bulk) => own.add(bulk));
  return (bulk) => {
    ownInserts$.next(bulk);
    const idsOnly: IdsOnly = {
      id: bulk.id,
      context: bulk.context,
      checkpoint: bulk.checkpoint,
      events: [],
      [IDS_ONLY]: { ids: bulk.events.map((event) => event.documentId) },
    };
    instance.changes$.next(idsOnly);
  };
}

/** The bulk another tab sent, with its documents read from the shared database (those since removed left out). */
export async function readBack(instance: TabEventsInstance, bulk: IdsOnly, retryMs = READ_BACK_RETRY_MS): Promise<Bulk> {
  const { ids } = bulk[IDS_ONLY]!;
  const { [IDS_ONLY]: _marker, ...rest } = bulk;
  for (let attempt = 1; ; attempt++) {
    try {
      const docs = await instance.findDocumentsById(ids, true);
      const byId = new Map(docs.map((doc) => [String(doc[instance.primaryPath]), doc]));
      return {
        ...rest,
        // One deleted since the insert is left out too: its deletion follows, and a deleted document is no insert.
        events: ids.filter((id) => byId.has(id) && !byId.get(id)!._deleted).map((id) => ({
          documentId: id,
          operation: "INSERT" as const,
          documentData: byId.get(id) as never,
          previousDocumentData: undefined,
        })),
      };
    } catch (error) {
      if (instance.closed || attempt >= READ_BACK_TRIES) {
        // Closed (the tab is going away), or never readable: nothing to hand on.
        console.warn("Another tab's inserted documents could not be read", error);
        return { ...rest, events: [] };
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }
}
