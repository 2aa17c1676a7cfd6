import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { createBlobStore } from "./blob-store.ts";
import { NOTE_TEXT_MARKS, readWaitingStored, summarizeWaiting } from "./waiting.ts";
import { changesWord, waitingPhrases } from "./waiting-words.ts";

describe("what waits for the server", () => {
  it("counts marks by kind and unfinished uploads", () => {
    const summary = summarizeWaiting(["chat_messages/a", "chat_messages/b", `${NOTE_TEXT_MARKS}/n`, "tasks/t"], 2);
    expect(summary).toEqual({ total: 6, byKind: { chat_messages: 2, note_text: 1, tasks: 1, uploads: 2 } });
    expect(summarizeWaiting([], 0)).toEqual({ total: 0, byKind: {} });
  });

  it("names each kind once, in a fixed order, and unknown kinds as other changes", () => {
    expect(waitingPhrases({ total: 6, byKind: { uploads: 2, chat_messages: 1, note_text: 2, future_kind: 1 } }))
      .toEqual(["1 message", "the text of 2 notes", "2 file uploads", "1 other change"]);
    expect(changesWord(1)).toBe("1 change");
    expect(changesWord(3)).toBe("3 changes");
  });

  it("reads the marks and uploads of a locked user's blobs database, and creates none where there is none", async () => {
    const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
    const userId = crypto.randomUUID();
    expect(await readWaitingStored(userId, idb)).toEqual({ total: 0, byKind: {} });
    expect((await idb.indexedDB.databases()).length).toBe(0);

    const key = await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
    const blobs = createBlobStore({ userId, key, idb });
    await blobs.pending.add("note_drafts", ["d1", "d2"]);
    await blobs.pending.add(NOTE_TEXT_MARKS, ["n1"]);
    await blobs.uploads.put({ fileId: "f1", size: 10, offset: 0, state: "queued", queuedAt: 1 });
    await blobs.uploads.put({ fileId: "f2", size: 10, offset: 10, state: "done", queuedAt: 1 });
    blobs.close();
    expect(await readWaitingStored(userId, idb)).toEqual({ total: 4, byKind: { note_drafts: 2, note_text: 1, uploads: 1 } });
  });
});
