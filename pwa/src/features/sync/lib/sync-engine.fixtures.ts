/**
 * The sync engine's test fixtures: a device (fake IndexedDB and localStorage), the edge as far as the engine
 * needs it, and tabs running an engine on a device. Shared by the engine's test files.
 */
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterEach, expect, vi } from "vitest";
import { createMemoryStorage } from "../../../lib/app-deps.tsx";
import type { AppDeps } from "../../../lib/app-deps.tsx";
import { createFetchStub, randomUser, success } from "../../../test/helpers.tsx";
import { createSyncEngine, type SyncEngine, type SyncEngineDeps } from "./sync-engine.ts";

export const newDevice = (): Device => ({ idb: { indexedDB: new IDBFactory(), IDBKeyRange }, storage: createMemoryStorage() });

const engines: SyncEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
});

/** The edge as far as the engine needs it: sign-in, empty pulls, accepted pushes (or `push`'s answers). */
export function edge(user = randomUser({ role: "doctor" }), push?: (path: string, body: unknown) => Promise<Response>) {
  const stub = createFetchStub({
    "POST /users/login": (req) =>
      (req.body as { password: string }).password === "right-password"
        ? success({ accessToken: "access-2", refreshToken: "refresh-2", user })
        : success(null, 401),
    "POST /users/logout": () => success(null),
    "POST /users/refreshToken": () => success({ accessToken: "access-3" }),
  });
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), "http://localhost").pathname;
    if (path.endsWith("/pull")) return Promise.resolve(success({ documents: [], checkpoint: null }));
    if (path.endsWith("/push")) return push ? push(path, JSON.parse(String(init?.body ?? "null"))) : Promise.resolve(success([]));
    return stub.fetch(input, init);
  };
  return { user, fetch: fetch as typeof globalThis.fetch };
}

export type Device = { idb: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange }; storage: ReturnType<typeof createMemoryStorage> };

export function tab(device: Device, deps: AppDeps, tabStorage = createMemoryStorage(), more: Partial<SyncEngineDeps> = {}) {
  const engine = createSyncEngine({
    api: deps.api,
    session: deps.session,
    passwords: deps.passwords,
    storage: device.storage,
    tabStorage,
    isOnline: () => true,
    runtime: { idb: device.idb, live: false, multiInstance: false },
    pbkdf2Iterations: 100_000,
    ...more,
  });
  engines.push(engine);
  return { engine, tabStorage };
}

export const state = (engine: SyncEngine) => engine.status.get().state;
export const waitState = (engine: SyncEngine, expected: string) => vi.waitFor(() => expect(state(engine)).toBe(expected), { timeout: 5000 });

