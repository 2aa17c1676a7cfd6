import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSessionActions } from "../../auth/session-actions.ts";
import { createMemoryStorage } from "../../../lib/app-deps.tsx";
import type { AppDeps } from "../../../lib/app-deps.tsx";
import { createFetchStub, makeDeps, randomUser, success } from "../../../test/helpers.tsx";
import { WrongPasswordError } from "./key-vault.ts";
import { createSyncEngine, type SyncEngine } from "./sync-engine.ts";

const engines: SyncEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
});

/** The edge as far as the engine needs it: sign-in, empty pulls, accepted pushes. */
function edge(user = randomUser({ role: "doctor" })) {
  const stub = createFetchStub({
    "POST /users/login": (req) =>
      (req.body as { password: string }).password === "right-password"
        ? success({ accessToken: "access-2", refreshToken: "refresh-2", user })
        : success(null, 401),
    "POST /users/logout": () => success(null),
  });
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), "http://localhost").pathname;
    if (path.endsWith("/pull")) return Promise.resolve(success({ documents: [], checkpoint: null }));
    if (path.endsWith("/push")) return Promise.resolve(success([]));
    return stub.fetch(input, init);
  };
  return { user, fetch: fetch as typeof globalThis.fetch };
}

type Device = { idb: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange }; storage: ReturnType<typeof createMemoryStorage> };

function tab(device: Device, deps: AppDeps, tabStorage = createMemoryStorage()) {
  const engine = createSyncEngine({
    api: deps.api,
    session: deps.session,
    passwords: deps.passwords,
    storage: device.storage,
    tabStorage,
    isOnline: () => true,
    runtime: { idb: device.idb, live: false, multiInstance: false },
    pbkdf2Iterations: 100_000,
  });
  engines.push(engine);
  return { engine, tabStorage };
}

const state = (engine: SyncEngine) => engine.status.get().state;
const waitState = (engine: SyncEngine, expected: string) => vi.waitFor(() => expect(state(engine)).toBe(expected), { timeout: 5000 });

describe("local data life cycle", () => {
  it("opens at sign-in, reopens in the same tab, locks in a new one, unlocks offline, and is wiped at logout", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const device: Device = { idb: { indexedDB: new IDBFactory(), IDBKeyRange }, storage: createMemoryStorage() };
    const { user, fetch } = edge();

    // 1. Sign-in with the password: a key is made and wrapped; the database opens.
    const deps = makeDeps({ fetch, session: { status: "guest" } });
    const first = tab(device, deps);
    await first.engine.start();
    expect(state(first.engine)).toBe("none");
    await createSessionActions(deps).login({ email: user.email, password: "right-password" });
    await waitState(first.engine, "ready");
    const local = first.engine.local()!;
    await local.db.chat_messages.insert({
      id: crypto.randomUUID(), chatId: crypto.randomUUID(), authorId: user.id, text: "kept on the device",
      fileIds: [], createdAt: new Date().toISOString(), updatedAt: 0,
    });
    await first.engine.stop();

    // 2. A reload in the same tab (the session not yet checked): the tab's key opens it at once.
    const reload = makeDeps({ fetch, storage: { "dpc.auth": JSON.stringify({ accessToken: "access-2", refreshToken: "refresh-2", authorized: true }) }, session: { status: "offline" } });
    const same = tab(device, reload, first.tabStorage);
    await same.engine.start();
    await waitState(same.engine, "ready");
    expect((await same.engine.local()!.db.chat_messages.find().exec()).map((d) => d.text)).toEqual(["kept on the device"]);
    // The sealed profile lets signed-in pages open offline.
    expect(reload.session.getState().user?.id).toBe(user.id);
    await same.engine.stop();

    // 3. A new tab with no network: locked; a wrong password is refused; the right one opens it.
    const launch = makeDeps({ fetch: () => Promise.reject(new TypeError("offline")), storage: { "dpc.auth": JSON.stringify({ accessToken: "access-2", refreshToken: "refresh-2", authorized: true }) }, session: { status: "offline" } });
    const fresh = tab(device, launch);
    await fresh.engine.start();
    expect(state(fresh.engine)).toBe("locked");
    expect(fresh.engine.lockReason()).toBe("password");
    await expect(fresh.engine.unlock("wrong-password")).rejects.toBeInstanceOf(WrongPasswordError);
    expect(state(fresh.engine)).toBe("locked");
    await fresh.engine.unlock("right-password");
    expect(state(fresh.engine)).toBe("ready");
    expect(await fresh.engine.local()!.db.chat_messages.count().exec()).toBe(1);

    // 4. Logout: replication stops, the databases and the key are gone.
    launch.session.signOut("user");
    await waitState(fresh.engine, "none");
    await fresh.engine.settled();
    expect(device.storage.getItem("dpc.localData")).toBeNull();
    expect(fresh.tabStorage.getItem("dpc.localData.tab")).toBeNull();
    const names = (await device.idb.indexedDB.databases()).map((d) => d.name);
    expect(names.filter((name) => name?.includes(user.id))).toEqual([]);
  });

  it("wipes the previous user's data when another user signs in", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const device: Device = { idb: { indexedDB: new IDBFactory(), IDBKeyRange }, storage: createMemoryStorage() };
    const a = edge();
    const depsA = makeDeps({ fetch: a.fetch, session: { status: "guest" } });
    const first = tab(device, depsA);
    await first.engine.start();
    await createSessionActions(depsA).login({ email: a.user.email, password: "right-password" });
    await waitState(first.engine, "ready");
    await first.engine.stop();

    const b = edge(randomUser({ role: "patient" }));
    const depsB = makeDeps({ fetch: b.fetch, session: { status: "guest" } });
    const second = tab(device, depsB);
    await second.engine.start();
    await createSessionActions(depsB).login({ email: b.user.email, password: "right-password" });
    await waitState(second.engine, "ready");
    expect(second.engine.local()!.userId).toBe(b.user.id);
    const names = (await device.idb.indexedDB.databases()).map((d) => d.name ?? "");
    expect(names.some((name) => name.includes(a.user.id))).toBe(false);
  });

  it("after a password change in this tab, the new password unlocks offline and the old one no longer does", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const device: Device = { idb: { indexedDB: new IDBFactory(), IDBKeyRange }, storage: createMemoryStorage() };
    const { user, fetch } = edge();
    const deps = makeDeps({ fetch, session: { status: "guest" } });
    const first = tab(device, deps);
    await first.engine.start();
    await createSessionActions(deps).login({ email: user.email, password: "right-password" });
    await waitState(first.engine, "ready");
    await first.engine.passwordChanged("brand-new-password");
    await first.engine.stop();

    const launch = makeDeps({ fetch: () => Promise.reject(new TypeError("offline")), storage: { "dpc.auth": JSON.stringify({ accessToken: "access-2", refreshToken: "refresh-2", authorized: true }) }, session: { status: "offline" } });
    const fresh = tab(device, launch);
    await fresh.engine.start();
    expect(state(fresh.engine)).toBe("locked");
    await expect(fresh.engine.unlock("right-password")).rejects.toBeInstanceOf(WrongPasswordError);
    await fresh.engine.unlock("brand-new-password");
    expect(state(fresh.engine)).toBe("ready");
  });
});
