import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { describe, expect, it, vi } from "vitest";
import { createSessionActions } from "../../auth/index.ts";
import { createMemoryStorage } from "../../../lib/app-deps.tsx";
import { makeDeps, randomUser } from "../../../test/helpers.tsx";
import { WrongPasswordError } from "./key-vault.ts";
import { type Device, edge, state, tab, waitState } from "./sync-engine.fixtures.ts";
import type { TabChannel, TabMessage } from "./tab-channel.ts";

/** The tabs of one browser: what one posts reaches the others, later (as a BroadcastChannel does). */
function browserTabs() {
  const listeners = new Map<TabChannel, Set<(message: TabMessage) => void>>();
  return function channel(): TabChannel {
    const self: TabChannel = {
      post(message) {
        for (const [other, handlers] of listeners) {
          if (other !== self) for (const handler of handlers) setTimeout(() => handler(structuredClone(message)), 0);
        }
      },
      listen(handler) {
        listeners.set(self, (listeners.get(self) ?? new Set()).add(handler));
        return () => listeners.get(self)?.delete(handler);
      },
      close: () => void listeners.delete(self),
    };
    listeners.set(self, new Set());
    return self;
  };
}

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
    const reload = makeDeps({ fetch, storage: { "dpc.auth": JSON.stringify({ authorized: true }) }, session: { status: "offline" } });
    const same = tab(device, reload, first.tabStorage);
    await same.engine.start();
    await waitState(same.engine, "ready");
    expect((await same.engine.local()!.db.chat_messages.find().exec()).map((d) => d.text)).toEqual(["kept on the device"]);
    // The sealed profile lets signed-in pages open offline.
    expect(reload.session.getState().user?.id).toBe(user.id);
    await same.engine.stop();

    // 3. A new tab with no network: locked; a wrong password is refused; the right one opens it.
    const launch = makeDeps({ fetch: () => Promise.reject(new TypeError("offline")), storage: { "dpc.auth": JSON.stringify({ authorized: true }) }, session: { status: "offline" } });
    const fresh = tab(device, launch);
    await fresh.engine.start();
    expect(state(fresh.engine)).toBe("locked");
    expect(fresh.engine.lockReason()).toBe("password");
    await expect(fresh.engine.unlock("wrong-password")).rejects.toBeInstanceOf(WrongPasswordError);
    expect(state(fresh.engine)).toBe("locked");
    await fresh.engine.unlock("right-password");
    expect(state(fresh.engine)).toBe("ready");
    expect(await fresh.engine.local()!.db.chat_messages.count().exec()).toBe(1);

    // 4. Logout once the message is sent: replication stops, the databases and the key are gone.
    await vi.waitFor(async () => expect((await fresh.engine.waiting()).total).toBe(0), { timeout: 5000 });
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

    const launch = makeDeps({ fetch: () => Promise.reject(new TypeError("offline")), storage: { "dpc.auth": JSON.stringify({ authorized: true }) }, session: { status: "offline" } });
    const fresh = tab(device, launch);
    await fresh.engine.start();
    expect(state(fresh.engine)).toBe("locked");
    await expect(fresh.engine.unlock("right-password")).rejects.toBeInstanceOf(WrongPasswordError);
    await fresh.engine.unlock("brand-new-password");
    expect(state(fresh.engine)).toBe("ready");
  });

  it("a sign-out in one tab stops the other tabs of that user and signs them out; only that tab wipes", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const device: Device = { idb: { indexedDB: new IDBFactory(), IDBKeyRange }, storage: createMemoryStorage() };
    const { user, fetch } = edge();
    const channel = browserTabs();
    const wipes: string[] = [];
    const loadRuntime = async () => {
      const runtime = await import("./local-data.ts");
      return { ...runtime, wipeLocalData: (userId: string, idb?: Device["idb"]) => (wipes.push(userId), runtime.wipeLocalData(userId, idb)) };
    };

    // Tab 1 signs in and replicates; tab 2 of the same browser is open too, still locked (one
    // process holds one RxDB database of a name, so only one of these test "tabs" opens it).
    const deps1 = makeDeps({ fetch, session: { status: "guest" } });
    const first = tab(device, deps1, createMemoryStorage(), { tabs: channel(), loadRuntime });
    await first.engine.start();
    await createSessionActions(deps1).login({ email: user.email, password: "right-password" });
    await waitState(first.engine, "ready");
    const tokens = { "dpc.auth": JSON.stringify({ authorized: true }) };
    const deps2 = makeDeps({ fetch, storage: tokens, session: { status: "offline" } });
    const second = tab(device, deps2, createMemoryStorage(), { tabs: channel(), loadRuntime });
    await second.engine.start();
    expect(state(second.engine)).toBe("locked");
    // A tab of someone else is not concerned.
    const other = makeDeps({ fetch, storage: tokens, session: { status: "authorized", user: randomUser({ role: "patient" }) } });
    const bystander = tab({ ...device, storage: createMemoryStorage() }, other, createMemoryStorage(), { tabs: channel(), loadRuntime });
    await bystander.engine.start();

    // The user signs out in tab 2: tab 1 stops replicating, lets go of the databases and signs out.
    deps2.session.signOut("user");
    await waitState(second.engine, "none");
    await waitState(first.engine, "none");
    await second.engine.settled();
    await first.engine.settled();

    expect(deps1.session.getState()).toMatchObject({ status: "guest", user: null, logoutCause: "user" });
    expect(first.engine.local()).toBeNull();
    expect(first.tabStorage.getItem("dpc.localData.tab")).toBeNull();
    expect(wipes).toEqual([user.id]);
    expect(device.storage.getItem("dpc.localData")).toBeNull();
    const names = (await device.idb.indexedDB.databases()).map((d) => d.name ?? "");
    expect(names.filter((name) => name.includes(user.id))).toEqual([]);
    expect(other.session.getState().status).toBe("authorized");
  });
});
