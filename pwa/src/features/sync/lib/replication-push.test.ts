import { describe, expect, it, vi } from "vitest";
import { createOnlineWait, sameContent, splitByBytes } from "./replication-push.ts";

describe("pending marks", () => {
  it("compare content, not the server's numbering", () => {
    const local = { id: "a", title: "t", fields: { a: "1", b: "2" }, updatedAt: 0, _deleted: false, _rev: "1-x", _meta: {} };
    expect(sameContent(local, { id: "a", title: "t", fields: { b: "2", a: "1" }, updatedAt: 12, _deleted: false })).toBe(true);
    expect(sameContent(local, { id: "a", title: "other", fields: { a: "1", b: "2" }, updatedAt: 12, _deleted: false })).toBe(false);
  });
});

describe("push parts", () => {
  it("keeps each part's JSON under the limit, in order, and sends a row larger than the limit alone", () => {
    const rows = ["a".repeat(10), "b".repeat(10), "c".repeat(40), "d".repeat(10)];
    const parts = splitByBytes(rows, 32);
    expect(parts).toEqual([[rows[0], rows[1]], [rows[2]], [rows[3]]]);
    for (const part of parts.filter((p) => p.length > 1)) expect(new TextEncoder().encode(JSON.stringify(part)).length).toBeLessThanOrEqual(32);
  });
});

describe("waiting for the network", () => {
  it("shares one wait and one listener among every caller while offline, and waits again after going offline", async () => {
    let online = false;
    const added = vi.spyOn(globalThis, "addEventListener");
    const whenOnline = createOnlineWait(() => online);
    const waits = Array.from({ length: 100 }, () => whenOnline());
    expect(added.mock.calls.filter(([type]) => type === "online")).toHaveLength(1);
    let done = 0;
    for (const wait of waits) void wait.then(() => done++);
    online = true;
    globalThis.dispatchEvent(new Event("online"));
    await Promise.all(waits);
    expect(done).toBe(100);
    await expect(whenOnline()).resolves.toBeUndefined();
    online = false;
    const again = whenOnline();
    expect(again).not.toBe(waits[0]);
    expect(added.mock.calls.filter(([type]) => type === "online")).toHaveLength(2);
    online = true;
    globalThis.dispatchEvent(new Event("online"));
    await again;
    added.mockRestore();
  });
});
