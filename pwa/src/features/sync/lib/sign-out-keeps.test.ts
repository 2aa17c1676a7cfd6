import { describe, expect, it, vi } from "vitest";
import { createSessionActions } from "../../auth/index.ts";
import { makeDeps, randomUser, success } from "../../../test/helpers.tsx";
import { KEPT_KEY_STORAGE_PREFIX, LOCAL_KEY_STORAGE_KEY } from "./key-vault.ts";
import { type Device, edge, newDevice, state, tab, waitState } from "./sync-engine.fixtures.ts";
import type { SyncEngine } from "./sync-engine.ts";

const databasesOf = async (device: Device, userId: string) =>
  (await device.idb.indexedDB.databases()).map((d) => d.name ?? "").filter((name) => name.includes(userId));

/** A message written on the device and marked waiting, as `useSendMessage` does. */
async function writeMessage(engine: SyncEngine, authorId: string, text: string) {
  const local = engine.local()!;
  const id = crypto.randomUUID();
  await local.db.chat_messages.insert({
    id, chatId: crypto.randomUUID(), authorId, text, fileIds: [], createdAt: new Date().toISOString(), updatedAt: 0,
  });
  await local.markPending("chat_messages", [id]);
  await local.flushPending();
  return id;
}

describe("signing out never loses waiting changes", () => {
  it("keeps them sealed for that account through another account's use of the device, and sends them at its next sign-in", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "info").mockImplementation(() => {});
    const device = newDevice();
    const pushed: unknown[] = [];
    let serverUp = false;
    const a = edge(randomUser({ role: "doctor" }), (_path, body) => {
      if (!serverUp) return Promise.reject(new TypeError("Failed to fetch"));
      pushed.push(...(body as { newDocumentState: unknown }[]).map((row) => row.newDocumentState));
      return Promise.resolve(success([]));
    });

    // A signs in and writes a message the server never acknowledges (offline).
    const depsA = makeDeps({ fetch: a.fetch, session: { status: "guest" } });
    const first = tab(device, depsA, undefined, { isOnline: () => false });
    await first.engine.start();
    await createSessionActions(depsA).login({ email: a.user.email, password: "right-password" });
    await waitState(first.engine, "ready");
    await writeMessage(first.engine, a.user.id, "written on a home visit");
    expect(await first.engine.waiting()).toEqual({ total: 1, byKind: { chat_messages: 1 } });

    // A signs out: the sealed data and the wrapped key stay for A; nothing of A is in use or in the tab.
    depsA.session.signOut("user");
    await waitState(first.engine, "none");
    await first.engine.settled();
    expect(device.storage.getItem(LOCAL_KEY_STORAGE_KEY)).toBeNull();
    expect(device.storage.getItem(KEPT_KEY_STORAGE_PREFIX + a.user.id)).not.toBeNull();
    expect(first.tabStorage.getItem("dpc.localData.tab")).toBeNull();
    expect((await databasesOf(device, a.user.id)).length).toBeGreaterThan(0);
    await first.engine.stop();

    // B uses the device, then signs out with nothing waiting: B's data goes, A's stays.
    const b = edge(randomUser({ role: "patient" }));
    const depsB = makeDeps({ fetch: b.fetch, session: { status: "guest" } });
    const second = tab(device, depsB);
    await second.engine.start();
    await createSessionActions(depsB).login({ email: b.user.email, password: "right-password" });
    await waitState(second.engine, "ready");
    expect(await second.engine.local()!.db.chat_messages.count().exec()).toBe(0);
    depsB.session.signOut("user");
    await waitState(second.engine, "none");
    await second.engine.settled();
    expect(await databasesOf(device, b.user.id)).toEqual([]);
    expect((await databasesOf(device, a.user.id)).length).toBeGreaterThan(0);
    expect(device.storage.getItem(KEPT_KEY_STORAGE_PREFIX + a.user.id)).not.toBeNull();
    await second.engine.stop();

    // A signs in again, online: the same data opens and the message reaches the server.
    serverUp = true;
    const again = makeDeps({ fetch: a.fetch, session: { status: "guest" } });
    const third = tab(device, again);
    await third.engine.start();
    await createSessionActions(again).login({ email: a.user.email, password: "right-password" });
    await waitState(third.engine, "ready");
    expect(device.storage.getItem(KEPT_KEY_STORAGE_PREFIX + a.user.id)).toBeNull();
    await vi.waitFor(() => expect(pushed).toMatchObject([{ text: "written on a home visit" }]), { timeout: 5000 });
    await vi.waitFor(async () => expect((await third.engine.waiting()).total).toBe(0), { timeout: 5000 });

    // Nothing waiting any more: this sign-out clears the device of A.
    again.session.signOut("user");
    await waitState(third.engine, "none");
    await third.engine.settled();
    expect(await databasesOf(device, a.user.id)).toEqual([]);
    expect(device.storage.getItem(LOCAL_KEY_STORAGE_KEY)).toBeNull();
  });

  it("reads what waits while the data is locked, and clears it only when asked to discard", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const device = newDevice();
    const a = edge(randomUser({ role: "doctor" }), () => Promise.reject(new TypeError("Failed to fetch")));
    const deps = makeDeps({ fetch: a.fetch, session: { status: "guest" } });
    const first = tab(device, deps, undefined, { isOnline: () => false });
    await first.engine.start();
    await createSessionActions(deps).login({ email: a.user.email, password: "right-password" });
    await waitState(first.engine, "ready");
    await writeMessage(first.engine, a.user.id, "one");
    await writeMessage(first.engine, a.user.id, "two");
    await first.engine.stop();

    // A new launch, offline: locked; the marks are read without the key.
    const launch = makeDeps({
      fetch: () => Promise.reject(new TypeError("offline")),
      storage: { "dpc.auth": JSON.stringify({ authorized: true }) },
      session: { status: "offline" },
    });
    const locked = tab(device, launch, undefined, { isOnline: () => false });
    await locked.engine.start();
    expect(state(locked.engine)).toBe("locked");
    expect(await locked.engine.waiting()).toEqual({ total: 2, byKind: { chat_messages: 2 } });

    // "Sign out and clear this device", confirmed: everything of A goes.
    locked.engine.discardOnSignOut();
    launch.session.signOut("user");
    await waitState(locked.engine, "none");
    await locked.engine.settled();
    expect(await databasesOf(device, a.user.id)).toEqual([]);
    expect(device.storage.getItem(LOCAL_KEY_STORAGE_KEY)).toBeNull();
    expect(device.storage.getItem(KEPT_KEY_STORAGE_PREFIX + a.user.id)).toBeNull();
  });

  it("a VMA's practice change drops the old practice's rows and reopens in the same session with the same key", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "info").mockImplementation(() => {});
    const device = newDevice();
    const vma = edge(randomUser({ role: "vma" }));
    const deps = makeDeps({ fetch: vma.fetch, session: { status: "guest" } });
    const { engine } = tab(device, deps);
    await engine.start();
    await createSessionActions(deps).login({ email: vma.user.email, password: "right-password" });
    await waitState(engine, "ready");
    await writeMessage(engine, vma.user.id, "for the old practice");
    expect(await engine.whenSent(5_000)).toBe(true);
    const wrapped = () => JSON.parse(device.storage.getItem(LOCAL_KEY_STORAGE_KEY)!).wrapped;
    const before = wrapped();

    await engine.practiceChanged();
    await waitState(engine, "ready");
    expect(await engine.local()!.db.chat_messages.count().exec()).toBe(0);
    expect(wrapped()).toEqual(before);
    expect(deps.session.getState()).toMatchObject({ status: "authorized", user: { id: vma.user.id } });
  });
});
