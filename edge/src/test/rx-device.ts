/**
 * A device running the PWA's own data layer against the test app: its RxDB
 * database (`openDatabase`: sealed Dexie storage on fake-indexeddb, the shared
 * conflict handlers) and its replication (`replicateCollection`), with an API
 * client that calls the app in-process and counts every push.
 *
 * Pending marks work as in the PWA (`markPending` before a write, cleared when
 * the replication reports the change settled), so a test sees whether the
 * status would reach "Synced".
 *
 * Pushes are capped: past `maxPushes` rows of one document the client stops
 * sending (answers success without calling the server) and records it, so a
 * test of a push loop ends and reports the loop instead of hanging.
 */
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { Subject } from "rxjs";
import type { TestContext } from "./harness.ts";
import type { CollectionName } from "../../../sync/collections/index.ts";
import { ApiError } from "../../../pwa/src/lib/api/api-error.ts";
import type { ApiClient, RequestOptions } from "../../../pwa/src/lib/api/client.ts";
import { fillPath } from "../../../pwa/src/lib/api/typed.ts";

type Init = Omit<RequestOptions, "query"> & { path?: Record<string, string | number>; query?: RequestOptions["query"] };
import { type DpcDatabase, openDatabase } from "../../../pwa/src/features/sync/lib/database.ts";
import { deriveLocalKeys } from "../../../pwa/src/features/sync/lib/local-keys.ts";
import { type PullStreamItem, replicateCollection } from "../../../pwa/src/features/sync/lib/replication.ts";

type Doc = Record<string, unknown> & { id: string; updatedAt: number; _deleted: boolean };
type Row = { assumedMasterState: Doc | null; newDocumentState: Doc };

export type RxDevice = Awaited<ReturnType<typeof openRxDevice>>;

export async function openRxDevice(
  ctx: TestContext,
  user: { id: string; token: string },
  collections: CollectionName[],
  o: { maxPushes?: number } = {},
) {
  const maxPushes = o.maxPushes ?? 10;
  const keys = await deriveLocalKeys(crypto.getRandomValues(new Uint8Array(32)));
  const db: DpcDatabase = await openDatabase({
    userId: user.id,
    password: keys.rxdbPassword,
    key: keys.fields,
    idb: { indexedDB: new IDBFactory(), IDBKeyRange },
    multiInstance: false,
    // Two devices in one process must stay under RxDB's 13 open collections.
    collections,
  });
  /** Every push row sent to the server, in order, with the server's answer for it (a master, a refused batch's error, or null: stored). */
  const pushes: { collection: CollectionName; row: Row; answer: Doc | { status: number; message?: string } | null }[] = [];
  /** What the device would tell its user was not accepted (the PWA keeps these sealed: refusals.ts). */
  const refusals: { collection: CollectionName; id: string; outcome: "dropped" | "reverted" }[] = [];
  /** Replication errors (RxDB retries a failed push every 5 s). */
  const errors: unknown[] = [];
  /** Documents whose pushes were cut off at `maxPushes`: a loop. */
  const looped = new Set<string>();

  /** Off: every call fails as a network error does in the PWA (the device keeps its writes and retries). */
  let online = true;
  const offlineError = () => new ApiError({ message: "Cannot reach the server", code: 0 });

  const api = {
    // The typed client's calls (pwa/src/lib/api/typed.ts): the documented path, its parameters apart.
    async GET<T>(template: string, init: Init = {}): Promise<T> {
      if (!online) throw offlineError();
      const path = fillPath(template, init.path);
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined && v !== null) params.set(k, String(v));
      return await answer<T>(await ctx.call("GET", `${path}?${params}`, { token: user.token }));
    },
    async POST<T>(template: string, init: Init = {}): Promise<T> {
      if (!online) throw offlineError();
      const path = fillPath(template, init.path);
      const body = init.body;
      const collection = path.split("/").at(-2) as CollectionName;
      const all = body as Row[];
      const rows = all.filter((row) => {
        const id = row.newDocumentState.id;
        if (pushes.filter((p) => p.row.newDocumentState.id === id).length < maxPushes) return true;
        looped.add(id);
        return false;
      });
      if (rows.length === 0) return [] as T;
      const res = await ctx.call("POST", path, { token: user.token, body: rows });
      const conflicts = res.status === 200 ? res.body.result as Doc[] : [];
      for (const row of rows) {
        const refused = res.status === 200 ? null : { status: res.status, message: res.body?.message };
        pushes.push({ collection, row, answer: conflicts.find((d) => d.id === row.newDocumentState.id) ?? refused });
      }
      return answer<T>(res);
    },
  } as unknown as ApiClient;

  /** Pending marks, as the PWA's hooks set them and the sync status counts them ("Synced" at none). */
  const pending = new Set<string>();

  const streams = new Map<CollectionName, Subject<PullStreamItem>>();
  const states = collections.map((name) => {
    const stream$ = new Subject<PullStreamItem>();
    streams.set(name, stream$);
    const state = replicateCollection({
      db,
      name,
      api,
      stream$,
      events: {
        synced() {},
        outdated() {},
        isPending: (collection, id) => pending.has(`${collection}/${id}`),
        settled(collection, ids) {
          for (const id of ids) pending.delete(`${collection}/${id}`);
        },
        refused(collection, docs, outcome) {
          for (const doc of docs) refusals.push({ collection, id: doc.id, outcome });
        },
      },
    });
    state.error$.subscribe((error) => errors.push(error));
    return state;
  });
  await Promise.all(states.map((s) => s.awaitInitialReplication()));

  return {
    db,
    pushes,
    refusals,
    looped,
    errors,
    /** Takes the device off the network (calls fail) or back on. */
    setOnline: (value: boolean) => void (online = value),
    /** Marks a local change as waiting for the server, as the PWA's hooks do before writing. */
    markPending: (name: CollectionName, id: string) => void pending.add(`${name}/${id}`),
    isPending: (name: CollectionName, id: string) => pending.has(`${name}/${id}`),
    /** Push rows of one document so far. */
    pushesOf: (id: string) => pushes.filter((p) => p.row.newDocumentState.id === id),
    /** Pulls every collection (as `sync:resync` makes it) and waits until nothing is left to push or pull. */
    async sync() {
      for (const stream$ of streams.values()) stream$.next("RESYNC");
      await Promise.all(states.map((s) => s.awaitInSync()));
      // A conflict write starts another push cycle; wait for it too.
      await Promise.all(states.map((s) => s.awaitInSync()));
    },
    /** The device's copy of a document, replicated fields only (deleted ones included). */
    async local(name: CollectionName, id: string): Promise<Doc | null> {
      const found = await (db[name] as unknown as {
        storageInstance: { findDocumentsById(ids: string[], withDeleted: boolean): Promise<Record<string, unknown>[]> };
      }).storageInstance.findDocumentsById([id], true);
      const doc = found[0];
      if (!doc) return null;
      return Object.fromEntries(Object.entries(doc).filter(([k]) => k === "_deleted" || !k.startsWith("_"))) as Doc;
    },
    async close() {
      await Promise.all(states.map((s) => s.cancel()));
      await db.close();
    },
  };
}

/** Unwraps the envelope like the PWA's API client: the result, or an ApiError. */
function answer<T>(res: { status: number; body: { result?: unknown; message?: string; details?: Record<string, unknown> } }): T {
  if (res.status >= 200 && res.status < 300) return res.body.result as T;
  throw new ApiError({ message: res.body?.message ?? "error", code: res.status, details: res.body?.details as never });
}
