import { describe, expect, it, vi } from "vitest";
import { createStatusStore, describeStatus, initialStatus, reduceStatus, type StatusEvent, type StatusModel } from "./status.ts";

const run = (events: StatusEvent[], from: StatusModel = initialStatus(true)) => events.reduce(reduceStatus, from);
const hhmm = (iso: string) => iso.slice(11, 16);

describe("status reducer", () => {
  it("adds waiting documents and uploads", () => {
    const status = run([{ type: "state", state: "ready" }, { type: "pendingDocs", count: 2 }, { type: "pendingUploads", count: 1 }]);
    expect(status.pending).toBe(3);
    expect(run([{ type: "pendingDocs", count: 0 }], status).pending).toBe(1);
  });

  it("is not connected while offline, and keeps the latest sync time", () => {
    let status = run([{ type: "state", state: "ready" }, { type: "socket", connected: true }]);
    expect(status.connected).toBe(true);
    status = run([{ type: "network", online: false }], status);
    expect(status).toMatchObject({ online: false, connected: false });
    status = run([{ type: "synced", at: "2026-01-01T12:04:00.000Z" }, { type: "synced", at: "2026-01-01T12:00:00.000Z" }], status);
    expect(status.lastSyncedAt).toBe("2026-01-01T12:04:00.000Z");
  });

  it("forgets the previous user's activity on sign-out but keeps the network facts", () => {
    const busy = run([
      { type: "state", state: "ready" }, { type: "pendingDocs", count: 4 }, { type: "synced", at: "2026-01-01T12:00:00.000Z" },
      { type: "internetFailure", failed: true },
    ]);
    const after = run([{ type: "state", state: "none" }], busy);
    expect(after).toMatchObject({ state: "none", pending: 0, lastSyncedAt: null, internetFailure: true, online: true });
  });

  it("the store notifies only on a change", () => {
    const store = createStatusStore(true);
    const listener = vi.fn();
    store.subscribe(listener);
    store.dispatch({ type: "network", online: true });
    expect(listener).not.toHaveBeenCalled();
    store.dispatch({ type: "pendingDocs", count: 1 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get().pending).toBe(1);
  });
});

describe("status words", () => {
  const ready = run([{ type: "state", state: "ready" }]);
  it.each([
    [[{ type: "network", online: false }, { type: "pendingDocs", count: 3 }], "Offline · 3 changes waiting"],
    [[{ type: "internetFailure", failed: true }], "Offline"],
    [[{ type: "pendingUploads", count: 1 }], "Syncing · 1 change waiting"],
    [[{ type: "synced", at: "2026-01-01T12:04:00.000Z" }], "Synced 12:04"],
    [[], "Connecting…"],
    [[{ type: "state", state: "locked" }], "Locked · unlock your data"],
    [[{ type: "state", state: "outdated" }], "Update needed to sync"],
  ] as [StatusEvent[], string][])("%j → %s", (events, text) => {
    expect(describeStatus(run(events, ready), hhmm)?.text).toBe(text);
  });

  it("has a short form for phones", () => {
    expect(describeStatus(run([{ type: "network", online: false }, { type: "pendingDocs", count: 3 }], ready), hhmm)?.short).toBe("Offline · 3");
    expect(describeStatus(run([{ type: "synced", at: "2026-01-01T12:04:00.000Z" }], ready), hhmm)?.short).toBe("12:04");
  });

  it("shows nothing when signed out", () => {
    expect(describeStatus(initialStatus(true), hhmm)).toBeNull();
  });
});
