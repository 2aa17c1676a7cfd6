/**
 * What the other tabs are told of a bulk insert (the first pull's pages): the documents' ids, not the
 * documents. RxDB's multi-instance support posts every change bulk of a storage instance to the other
 * tabs through a BroadcastChannel, documents included; for a first pull that is 20,000 sealed documents
 * copied into messages (about 0.12 s of the page's main thread and more of the browser process, measured
 * in `edge/docs/benchmarks.md`). The tab that inserts emits the whole bulk to its own listeners and an
 * ids-only bulk to the channel; a tab that receives one reads those documents from the database it
 * shares with the sender (they are committed before the bulk is emitted) and hands its listeners the
 * bulk as it would have come. Every other bulk (edits, pulled pages) goes out whole, as before.
 */
import { type EventBulk, randomToken, type RxStorageChangeEvent } from "rxdb";
import { concatMap, filter, from, merge, type Observable, of, share, Subject } from "rxjs";

type Row = Record<string, unknown>;
type Bulk = EventBulk<RxStorageChangeEvent<Row>, unknown>;
/** The marker of an ids-only bulk: who sent it, and the ids of the inserted documents. */
export const IDS_ONLY = "dpcIdsOnly";
type IdsOnly = Bulk & { [IDS_ONLY]?: { origin: string; ids: string[] } };

export type TabEventsInstance = {
  changes$: Subject<Bulk>;
  changeStream(): Observable<Bulk>;
  findDocumentsById(ids: string[], withDeleted: boolean): Promise<Row[]>;
  primaryPath: string;
};

/**
 * Installs the ids-only bulks on an instance RxDB's multi-instance support has wrapped (its
 * `changeStream` merges the other tabs' bulks with its own `changes$`). Returns how to emit a bulk of
 * inserted documents; without other tabs (`multiInstance` false) that is `changes$` itself.
 */
export function idsOnlyInserts(instance: TabEventsInstance, multiInstance: boolean): (bulk: Bulk) => void {
  if (!multiInstance) return (bulk) => instance.changes$.next(bulk);
  const origin = randomToken(10);
  const own$ = new Subject<Bulk>();
  const shared = instance.changeStream.bind(instance);
  const received$ = shared().pipe(
    // This tab's own ids-only bulks: its listeners had the whole bulk (`own$`).
    filter((bulk: IdsOnly) => bulk[IDS_ONLY]?.origin !== origin),
    // In order: a later bulk of the same documents must not overtake the one being read.
    concatMap((bulk: IdsOnly) => (bulk[IDS_ONLY] ? from(readBack(instance, bulk)) : of(bulk))),
    filter((bulk) => bulk.events.length > 0),
    share(),
  );
  const all$ = merge(received$, own$);
  instance.changeStream = () => all$;
  return (bulk) => {
    own$.next(bulk);
    const idsOnly: IdsOnly = {
      id: bulk.id,
      context: bulk.context,
      checkpoint: bulk.checkpoint,
      events: [],
      [IDS_ONLY]: { origin, ids: bulk.events.map((event) => event.documentId) },
    };
    instance.changes$.next(idsOnly);
  };
}

/** The bulk another tab sent, with its documents read from the shared database (those since removed left out). */
async function readBack(instance: TabEventsInstance, bulk: IdsOnly): Promise<Bulk> {
  const { ids } = bulk[IDS_ONLY]!;
  const { [IDS_ONLY]: _marker, ...rest } = bulk;
  try {
    const docs = await instance.findDocumentsById(ids, true);
    const byId = new Map(docs.map((doc) => [String(doc[instance.primaryPath]), doc]));
    return {
      ...rest,
      events: ids.filter((id) => byId.has(id)).map((id) => ({
        documentId: id,
        operation: "INSERT" as const,
        documentData: byId.get(id) as never,
        previousDocumentData: undefined,
      })),
    };
  } catch (error) {
    // The database closed meanwhile (the tab is going away): nothing to hand on.
    console.warn("Another tab's inserted documents could not be read", error);
    return { ...rest, events: [] };
  }
}
