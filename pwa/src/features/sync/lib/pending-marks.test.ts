import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type BlobStore, createBlobStore } from "./blob-store.ts";
import { deriveLocalKeys } from "./local-keys.ts";
import { createPendingMarks, encountersSent, type PendingMarks, type PendingTable } from "./pending-marks.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.restoreAllMocks();
});

/** The blobs database's pending table (fake IndexedDB), with every write recorded and optionally held or failed. */
async function setUp(minIntervalMs = 0) {
  const keys = await deriveLocalKeys(crypto.getRandomValues(new Uint8Array(32)));
  const blobs: BlobStore = createBlobStore({ userId: crypto.randomUUID(), key: keys.bytes, idb: { indexedDB: new IDBFactory(), IDBKeyRange } });
  const writes: string[] = [];
  let fail = 0;
  let hold: Promise<void> | null = null;
  const table: PendingTable = {
    async add(collection, ids) {
      if (hold) await hold;
      if (fail > 0 && fail--) throw new Error("disk full");
      await blobs.pending.add(collection, ids);
      writes.push(`add ${collection} ${[...ids].sort().join(",")}`);
    },
    async remove(collection, ids) {
      if (hold) await hold;
      if (fail > 0 && fail--) throw new Error("disk full");
      await blobs.pending.remove(collection, ids);
      writes.push(`remove ${collection} ${[...ids].sort().join(",")}`);
    },
    keys$: () => blobs.pending.keys$(),
  };
  const counts: number[] = [];
  const marks: PendingMarks = createPendingMarks({ table, onChange: (count) => counts.push(count), retryMs: 20, minIntervalMs });
  cleanups.push(() => (marks.close(), blobs.close()));
  await marks.ready;
  /** What the blobs database holds, read past the marks. */
  const stored = async () => {
    const read = await new Promise<Set<string>>((resolve) => {
      const subscription = blobs.pending.keys$().subscribe((set) => (resolve(set), queueMicrotask(() => subscription.unsubscribe())));
    });
    return [...read].sort();
  };
  let release = () => {};
  return {
    marks,
    writes,
    counts,
    stored,
    failNext(n = 1) {
      fail = n;
    },
    /** Holds every write until `release()`. */
    holdWrites() {
      hold = new Promise((resolve) => (release = () => (hold = null, resolve())));
    },
    release: () => release(),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve));

describe("waiting marks written behind", () => {
  it("are seen at once, written after the task, many edits in one transaction and one notification", async () => {
    const { marks, writes, counts, stored } = await setUp();
    const told = vi.fn();
    marks.subscribe(told);
    counts.splice(0);
    for (let i = 0; i < 50; i++) marks.add("note_drafts", [`d${i % 10}`]);
    marks.add("chat_messages", ["m"]);
    expect(marks.has("note_drafts", "d3")).toBe(true);
    expect(marks.keys().size).toBe(11);
    expect(writes).toEqual([]);
    await tick();
    await marks.flush();
    expect(writes).toEqual(["add note_drafts d0,d1,d2,d3,d4,d5,d6,d7,d8,d9", "add chat_messages m"]);
    expect(told).toHaveBeenCalledTimes(1);
    expect(counts).toEqual([11]);
    expect(await stored()).toHaveLength(11);
    // Already waiting: nothing is written again.
    marks.add("note_drafts", ["d1"]);
    await marks.flush();
    expect(writes).toHaveLength(2);
  });

  it("an edit then its acknowledgement in the same tick: the acknowledgement is written after the add", async () => {
    const { marks, writes, stored } = await setUp();
    marks.add("note_drafts", ["a", "b"]);
    marks.remove("note_drafts", ["a"]);
    expect(marks.has("note_drafts", "a")).toBe(false);
    expect(marks.has("note_drafts", "b")).toBe(true);
    await marks.flush();
    expect(writes).toEqual(["add note_drafts a,b", "remove note_drafts a"]);
    expect(await stored()).toEqual(["note_drafts/b"]);
    expect([...marks.keys()]).toEqual(["note_drafts/b"]);
  });

  it("an acknowledgement then a newer edit of the same document (its removal still being written): it ends waiting", async () => {
    const { marks, writes, stored, holdWrites, release } = await setUp();
    marks.add("note_drafts", ["a"]);
    await marks.flush();
    holdWrites();
    marks.remove("note_drafts", ["a"]);
    await tick();
    // The removal is being written; the document is edited again.
    expect(marks.has("note_drafts", "a")).toBe(false);
    marks.add("note_drafts", ["a"]);
    expect(marks.has("note_drafts", "a")).toBe(true);
    release();
    await marks.flush();
    expect(writes).toEqual(["add note_drafts a", "remove note_drafts a", "add note_drafts a"]);
    expect(await stored()).toEqual(["note_drafts/a"]);
    expect(marks.has("note_drafts", "a")).toBe(true);
  });

  it("a failed flush is logged, keeps its marks shown, and is written first at the next flush", async () => {
    const { marks, writes, stored, failNext } = await setUp();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    failNext();
    marks.add("note_drafts", ["a"]);
    marks.remove("note_drafts", ["a"]);
    await marks.flush();
    expect(warn).toHaveBeenCalledOnce();
    expect(writes).toEqual([]);
    expect(await stored()).toEqual([]);
    marks.add("note_drafts", ["b"]);
    expect(marks.has("note_drafts", "b")).toBe(true);
    await marks.flush();
    expect(writes).toEqual(["add note_drafts a", "remove note_drafts a", "add note_drafts b"]);
    expect(await stored()).toEqual(["note_drafts/b"]);
  });

  it("a flush with nothing queued leaves the next ones working", async () => {
    const { marks, writes } = await setUp();
    await marks.flush();
    await marks.flush();
    marks.add("note_drafts", ["a"]);
    await marks.flush();
    marks.remove("note_drafts", ["a"]);
    await tick();
    await marks.flush();
    expect(writes).toEqual(["add note_drafts a", "remove note_drafts a"]);
  });

  it("a burst of edits, one per task, is written in a few transactions when flushes are spaced", async () => {
    const { marks, writes, stored } = await setUp(40);
    for (let i = 0; i < 20; i++) {
      marks.add("note_drafts", [`d${i}`]);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await marks.flush();
    expect(writes.length).toBeLessThanOrEqual(6);
    expect(await stored()).toHaveLength(20);
  });

  it("a failed flush is retried by itself when nothing else is marked", async () => {
    const { marks, stored, failNext } = await setUp();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    failNext();
    marks.add("tasks", ["t"]);
    await marks.flush();
    expect(await stored()).toEqual([]);
    for (let i = 0; i < 50 && (await stored()).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await stored()).toEqual(["tasks/t"]);
  });
});

describe("encountersSent", () => {
  const fakeMarks = (initial: string[]) => {
    const keys = new Set(initial);
    const listeners = new Set<() => void>();
    return {
      has: (collection: string, id: string) => keys.has(`${collection}/${id}`),
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      settle(key: string) {
        keys.delete(key);
        for (const l of listeners) l();
      },
    };
  };

  it("lets a note of an encounter recorded on this device wait until the encounter is settled", async () => {
    const marks = fakeMarks(["chart_entries/e1", "chart_entries/p1"]);
    let done = false;
    const waiting = encountersSent(marks, [{ encounterId: "e1" }, { encounterId: "e2" }], 10_000).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
    marks.settle("chart_entries/p1");
    await new Promise((r) => setTimeout(r, 0));
    expect(done).toBe(false);
    marks.settle("chart_entries/e1");
    await waiting;
    expect(done).toBe(true);
  });

  it("does not wait when no encounter waits, and gives up after the timeout", async () => {
    await encountersSent(fakeMarks([]), [{ encounterId: "e1" }, {}]);
    const started = Date.now();
    await encountersSent(fakeMarks(["chart_entries/e1"]), [{ encounterId: "e1" }], 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
