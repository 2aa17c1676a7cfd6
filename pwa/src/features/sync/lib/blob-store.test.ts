import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import { type BlobStore, createBlobStore } from "./blob-store.ts";
import { deriveLocalKeys } from "./local-keys.ts";

const opened: BlobStore[] = [];
afterEach(() => {
  for (const blobs of opened.splice(0)) blobs.close();
});

async function open(idb: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange }, userId: string) {
  const keys = await deriveLocalKeys(crypto.getRandomValues(new Uint8Array(32)));
  const blobs = createBlobStore({ userId, key: keys.bytes, idb });
  opened.push(blobs);
  return blobs;
}

function follow(blobs: BlobStore) {
  const seen: Set<string>[] = [];
  const subscription = blobs.pending.keys$().subscribe({ next: (keys) => seen.push(keys) });
  const latest = () => seen.at(-1);
  const until = async (test: (keys: Set<string> | undefined) => boolean) => {
    for (let i = 0; i < 200 && !test(latest()); i++) await new Promise((r) => setTimeout(r, 5));
    expect(test(latest())).toBe(true);
  };
  return { seen, latest, until, stop: () => subscription.unsubscribe() };
}

describe("blob store: the pending changes", () => {
  it("starts from the stored rows and follows this store's adds and removes without re-reading", async () => {
    const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
    const userId = crypto.randomUUID();
    const first = await open(idb, userId);
    await first.pending.add("note_drafts", ["a", "b"]);
    first.close();

    const blobs = await open(idb, userId);
    const keys = follow(blobs);
    await keys.until((set) => set?.size === 2);
    expect([...keys.latest()!].sort()).toEqual(["note_drafts/a", "note_drafts/b"]);

    await blobs.pending.add("chat_messages", ["m"]);
    // The set holds the change as soon as it is committed, before anything else runs.
    expect(keys.latest()!.has("chat_messages/m")).toBe(true);
    await blobs.pending.remove("note_drafts", ["a"]);
    expect([...keys.latest()!].sort()).toEqual(["chat_messages/m", "note_drafts/b"]);
    keys.stop();
  });

  it("follows another store's (another tab's) changes by reading the table again", async () => {
    const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
    const userId = crypto.randomUUID();
    const leader = await open(idb, userId);
    const other = await open(idb, userId);
    const keys = follow(leader);
    await keys.until((set) => set?.size === 0);
    await other.pending.add("note_drafts", ["x", "y"]);
    await keys.until((set) => set?.has("note_drafts/x") === true && set.has("note_drafts/y"));
    await other.pending.remove("note_drafts", ["x"]);
    await keys.until((set) => set?.has("note_drafts/x") === false);
    expect([...keys.latest()!]).toEqual(["note_drafts/y"]);
    keys.stop();
  });
});
