/**
 * RxDB replication of every registered collection with the edge
 * (sync/README.md): pull by checkpoint, push with
 * `assumedMasterState` in `pushBatchSize` batches, live changes and RESYNC
 * through `pull.stream$`. Requests go through the one API client, so an
 * expired token is refreshed and a refused one ends the session.
 */
import { replicateRxCollection, type RxReplicationState } from "rxdb/plugins/replication";
import { merge, type Observable, Subject, tap } from "rxjs";
import { z } from "zod";
import { type CollectionName, collectionOf, isRefusedEdit, sameValue } from "../../../../../sync/collections/index.ts";
import { type Checkpoint, isRefusedTombstone, PULL_LIMIT_MAX, PUSH_BODY_MAX_BYTES } from "../../../../../sync/protocol.ts";
import { ApiError } from "../../../lib/api/api-error.ts";
import type { ApiClient } from "../../../lib/api/client.ts";
import { replicatedFields } from "./conflict-handlers.ts";
import type { DpcDatabase } from "./database.ts";
import type { RefusalOutcome } from "./refusals.ts";
import { replicationIdentifier } from "./replication-meta.ts";
import { sameContent, splitByBytes, whenNavigatorOnline } from "./replication-push.ts";
import { syncVersion } from "./sync-api.ts";
import { pageSchema, validDocuments } from "./validate-docs.ts";

export type PullStreamItem = { documents: unknown[]; checkpoint: Checkpoint } | "RESYNC";

export type ReplicationEvents = {
  /** A pull page or a push batch was answered. */
  synced(): void;
  /** 426: the server speaks a newer sync version. */
  outdated(): void;
  /** The server has these local changes (stored, or resolved to its own state). */
  settled(collection: CollectionName, ids: string[]): void;
  /** Whether a local change of this document is waiting to be acknowledged. */
  isPending?(collection: CollectionName, id: string): boolean;
  /**
   * The server stored these pushed documents: called as each push request is answered (ids the server
   * answered with its own copy left out), before RxDB's bookkeeping and `settled` (a file's bytes can be
   * sent once its metadata is there).
   */
  stored?(collection: CollectionName, ids: string[]): void;
  /**
   * The server refused these pushed documents: the device's versions, before the device drops them (`dropped`: its
   * refused tombstone) or goes back to the server's version (`reverted`: an edit answered with the master it
   * assumed), so the user is told (`refusals.ts`). Must not throw.
   */
  refused?(collection: CollectionName, docs: Doc[], outcome: RefusalOutcome): void;
};

export function isOutdatedError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 426;
}

type Doc = Record<string, unknown> & { id: string; updatedAt: number; _deleted: boolean };

export function replicateCollection(options: {
  db: DpcDatabase;
  name: CollectionName;
  api: ApiClient;
  stream$: Observable<PullStreamItem>;
  events: ReplicationEvents;
  /** Resolves when the device is online (at once when it is); pushes wait for it. */
  whenOnline?: () => Promise<void>;
  /** Documents asked for per pull request (default `PULL_LIMIT_MAX`; tests use small pages). */
  pullBatchSize?: number;
  /** Before a push batch is sent: waits for what its documents need on the server first (a note's encounter). */
  beforePush?: (docs: Doc[]) => Promise<void>;
}): RxReplicationState<Doc, Checkpoint> {
  const { api, name, events } = options;
  const whenOnline = options.whenOnline ?? whenNavigatorOnline;
  const collection = collectionOf(name);

  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isOutdatedError(error)) events.outdated();
      throw error;
    }
  }

  /**
   * A pending change whose server copy arrives by pull or live event with the
   * same content is settled: RxDB then sees the fork equal to the master and
   * may never push it, so `sent$` would not clear the mark.
   */
  const localCopies = (ids: string[]) =>
    (options.db[name] as unknown as { findByIds(ids: string[]): { exec(): Promise<Map<string, { toJSON(meta: true): Doc }>> } })
      .findByIds(ids).exec();

  async function settleArrived(docs: Doc[]) {
    const ids = docs.filter((doc) => doc.updatedAt > 0 && events.isPending?.(name, doc.id)).map((doc) => doc.id);
    if (ids.length === 0) return;
    const local = await localCopies(ids);
    const settled = docs.filter((doc) => {
      const mine = local.get(doc.id);
      return mine !== undefined && sameContent(mine.toJSON(true), doc);
    }).map((doc) => doc.id);
    if (settled.length > 0) events.settled(name, settled);
  }
  const settleQuietly = (docs: Doc[]) => void settleArrived(docs).catch((error) => console.warn(`Settling ${name}`, error));

  /**
   * Documents sent in a push whose answer has not come back yet. A pull that
   * meets one (the server stored it, the answer is still on its way: e.g. both
   * retried the moment the network came back) ends its page just before it.
   * Otherwise RxDB's downstream skips it (a local write with no server copy on
   * record yet), its checkpoint moves past it, and the device keeps its own
   * copy for good: the server's numbering never arrives (`updatedAt` stays 0,
   * shown as waiting). Once the push is answered, a RESYNC pulls from there;
   * RxDB runs it after the push's bookkeeping.
   */
  const unanswered = new Set<string>();
  let heldBack = false;
  /** Where a pulled page meets a document of an unanswered push that the server already holds (same content, its numbering). */
  async function firstCrossing(docs: Doc[]): Promise<number> {
    const ids = docs.filter((doc) => unanswered.has(doc.id)).map((doc) => doc.id);
    if (ids.length === 0) return -1;
    const local = await localCopies(ids);
    return docs.findIndex((doc) => {
      const mine = local.get(doc.id)?.toJSON(true);
      return mine !== undefined && mine.updatedAt !== doc.updatedAt && sameContent(mine, doc);
    });
  }
  const resync$ = new Subject<"RESYNC">();
  function answered(id: string) {
    unanswered.delete(id);
    if (!heldBack) return;
    heldBack = false;
    resync$.next("RESYNC");
  }

  const state = replicateRxCollection<Doc, Checkpoint>({
    collection: options.db[name] as never,
    replicationIdentifier: replicationIdentifier(name),
    live: true,
    waitForLeadership: true,
    retryTime: 5_000,
    pull: {
      batchSize: Math.min(options.pullBatchSize ?? PULL_LIMIT_MAX, PULL_LIMIT_MAX),
      async handler(checkpoint, batchSize) {
        // RxDB takes a page with fewer documents than it asked for as the last, and an empty one as
        // nothing new (its checkpoint not stored): a full server page whose documents the shared schema
        // partly or wholly refuses is followed by the next ones here, so the refusals neither end the
        // pull early (a live event would then move the checkpoint past the rest) nor stop it for good.
        const documents: Doc[] = [];
        let through = checkpoint;
        for (;;) {
          const answer = await call(() =>
            api.GET("/sync/{version}/{collection}/pull", {
              path: { version: syncVersion, collection: name },
              query: { updatedAt: through?.updatedAt, id: through?.id, limit: batchSize },
            })
          );
          const page = pageSchema.parse(answer);
          // Only a bulk page (above RxDB's batch) may end early for its size; this never asks for one.
          if (page.more) throw new Error(`The server ended a pull page of ${name} early`);
          events.synced();
          documents.push(...validDocuments(collection, page.documents) as Doc[]);
          // No checkpoint: nothing came (or nothing to go on from).
          if (!page.checkpoint) break;
          through = page.checkpoint;
          if (page.documents.length < batchSize || documents.length >= batchSize) break;
        }
        const crossing = await firstCrossing(documents);
        if (crossing >= 0) {
          heldBack = true;
          const before = documents.slice(0, crossing);
          settleQuietly(before);
          const last = before.at(-1);
          return { documents: before, checkpoint: last ? { updatedAt: last.updatedAt, id: last.id } : checkpoint };
        }
        settleQuietly(documents);
        return { documents, checkpoint: through };
      },
      stream$: merge(
        options.stream$.pipe(tap((item) => {
          if (item !== "RESYNC") settleQuietly(item.documents as Doc[]);
        })),
        resync$,
      ) as Observable<never>,
    },
    push: {
      batchSize: collection.pushBatchSize,
      // Offline, local writes gather here and go out together on reconnect (no failing request per write).
      waitBeforePersist: whenOnline,
      async handler(rows) {
        const body = rows.map((row) => ({
          assumedMasterState: row.assumedMasterState ? { ...replicatedFields(row.assumedMasterState), id: row.assumedMasterState.id } : null,
          newDocumentState: { ...replicatedFields(row.newDocumentState), id: row.newDocumentState.id },
        }));
        await whenOnline();
        await options.beforePush?.(rows.map((row) => row.newDocumentState as Doc));
        for (const row of rows) unanswered.add(row.newDocumentState.id);
        // One request per batch unless its JSON passes half the body limit; parts in order. A part that
        // fails fails the batch: RxDB sends it all again and the server takes the rows it has as replays.
        const conflicts: Doc[] = [];
        for (const part of splitByBytes(body, PUSH_BODY_MAX_BYTES / 2)) {
          const answer = z.array(z.unknown()).parse(
            await call(() =>
              api.POST("/sync/{version}/{collection}/push", {
                path: { version: syncVersion, collection: name },
                body: part,
              })
            ),
          );
          conflicts.push(...validDocuments(collection, answer) as Doc[]);
          // What the server stored of this part: every row it did not answer with its own copy (a conflict,
          // valid or not: an invalid one is dropped above, never told as stored).
          const refused = new Set(answer.map((doc) => (doc as { id?: unknown } | null)?.id));
          const stored = part.map((row) => row.newDocumentState.id as string).filter((id) => !refused.has(id));
          if (stored.length > 0) events.stored?.(name, stored);
          // Refused outright (not answered with the server's copy): the device's version is kept to be shown.
          const tombstones = new Set(conflicts.filter((doc) => isRefusedTombstone(doc)).map((doc) => doc.id));
          const lost = rows.map((row) => replicatedFields(row.newDocumentState) as Doc)
            .filter((doc) => tombstones.has(doc.id) && refused.has(doc.id));
          if (lost.length > 0) events.refused?.(name, lost, "dropped");
          // Answered with the master the edit assumed: refused, and the device goes back to the server's version.
          const reverted = part.filter((row) => {
            const master = conflicts.find((doc) => doc.id === row.newDocumentState.id);
            return master !== undefined && refused.has(master.id) && isRefusedEdit(collection, row as never, master as never);
          }).map((row) => row.newDocumentState as Doc);
          if (reverted.length > 0) events.refused?.(name, reverted, "reverted");
        }
        events.synced();
        return conflicts;
      },
    },
  });

  /**
   * A change the server took is settled unless the document changed again while its push was on its way: that
   * newer edit still waits (its own push settles it). Settled by id alone, a newer edit lost its waiting mark
   * (the mark is one per document), and the device showed it as sent while it was not.
   */
  async function settleSent(docs: Doc[]) {
    // Deleted ones included: a deletion made while the push was on its way is a change that still waits.
    const storage = (options.db[name] as unknown as { storageInstance: { findDocumentsById(ids: string[], deleted: boolean): Promise<Doc[]> } })
      .storageInstance;
    const mine = new Map((await storage.findDocumentsById(docs.map((doc) => doc.id), true)).map((doc) => [doc.id, doc]));
    const settled = docs.filter((doc) => !mine.has(doc.id) || sameContent(mine.get(doc.id)!, doc)).map((doc) => doc.id);
    if (settled.length > 0) events.settled(name, settled);
  }
  /** RxDB tells a push's documents one by one, in one go: they are read back together (one read, not 1,000). */
  let sent: Doc[] = [];
  state.sent$.subscribe((doc) => {
    answered(doc.id);
    sent.push(doc);
    if (sent.length > 1) return;
    queueMicrotask(() => {
      const docs = sent;
      sent = [];
      void settleSent(docs).catch((error) => console.warn(`Settling ${name}`, error));
    });
  });
  // A conflict resolved to exactly the master is not pushed again: the change is settled too.
  state.conflict$.subscribe(({ input, output }) => {
    if (collectionEqual(output, input.realMasterState)) events.settled(name, [output.id]);
    answered(output.id);
  });
  state.error$.subscribe((error) => {
    // RxDB passes the handler's error on as plain JSON: no network, an old version or an ended session say enough elsewhere.
    const cause = (error as { parameters?: { errors?: { name?: string; code?: unknown }[] } }).parameters?.errors?.[0];
    if (cause?.name === "ApiError" && [0, 401, 426].includes(Number(cause.code))) return;
    console.warn(`Sync of ${name} failed; it is retried`, error);
  });
  return state;
}

function collectionEqual(a: Doc, b: Doc): boolean {
  return sameValue(replicatedFields(a), replicatedFields(b));
}
