/** Changes the server refused are kept sealed, read back, described, and go when dismissed. */
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { firstValueFrom, filter } from "rxjs";
import { afterEach, describe, expect, it } from "vitest";
import { type BlobStore, createBlobStore } from "./blob-store.ts";
import { deriveLocalKeys } from "./local-keys.ts";
import { describeRefusal } from "./refusal-words.ts";
import { recordRefusals, refusals$ } from "./refusals.ts";

const opened: BlobStore[] = [];
afterEach(() => {
  for (const blobs of opened.splice(0)) blobs.close();
});

describe("refused changes", () => {
  it("keeps the device's version sealed until dismissed, and says what it was", async () => {
    const keys = await deriveLocalKeys(crypto.getRandomValues(new Uint8Array(32)));
    const blobs = createBlobStore({ userId: crypto.randomUUID(), key: keys.bytes, idb: { indexedDB: new IDBFactory(), IDBKeyRange } });
    opened.push(blobs);
    const id = crypto.randomUUID();
    const entry = { id, patientId: crypto.randomUUID(), kind: "diagnosis", encounterId: crypto.randomUUID(), updatedAt: 0, _deleted: false,
      data: { code: "I10", description: "Essential (primary) hypertension" } };
    const message = { id: crypto.randomUUID(), chatId: crypto.randomUUID(), text: "Your results are ready", updatedAt: 0, _deleted: false };
    await recordRefusals(blobs, keys.refusals, "chart_entries", [entry], "2026-11-28T10:00:00.000Z");
    await recordRefusals(blobs, keys.refusals, "chat_messages", [message], "2026-11-28T10:05:00.000Z", "reverted");

    // Sealed at rest: the stored row holds no word of it.
    const raw = await firstValueFrom(blobs.refused.rows$());
    expect(JSON.stringify(raw)).not.toMatch(/hypertension|results/i);

    const list = await firstValueFrom(refusals$(blobs, keys.refusals).pipe(filter((l) => l.length === 2)));
    // An edit the server refused is told apart: the device went back to the saved version.
    expect(list.map(describeRefusal)).toEqual([
      "Diagnosis I10 Essential (primary) hypertension",
      "Message “Your results are ready” (your edit; the saved version is kept)",
    ]);
    expect(list.map((r) => r.outcome)).toEqual(["dropped", "reverted"]);
    expect(list[0].doc).toEqual(entry);

    // Another key (another account's) opens nothing.
    const other = await deriveLocalKeys(crypto.getRandomValues(new Uint8Array(32)));
    expect(await firstValueFrom(refusals$(blobs, other.refusals))).toEqual([]);

    await blobs.refused.remove("chart_entries", id);
    const after = await firstValueFrom(refusals$(blobs, keys.refusals).pipe(filter((l) => l.length === 1)));
    expect(after.map((r) => r.collection)).toEqual(["chat_messages"]);
  });
});
