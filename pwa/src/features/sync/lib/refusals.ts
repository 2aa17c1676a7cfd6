/**
 * Changes the server refused (issue 31: "nothing is silently dropped"). A push the server will not take — a
 * chart entry for a patient no longer in the practice, a diagnosis on an encounter deleted meanwhile, a message
 * to someone one may no longer write to — is answered with the refused tombstone, and the device drops its copy
 * (`resolvePushConflict`); an edit the server refuses (answered with the master it assumed: a field one may not
 * change, a row one may no longer edit) goes back to the server's version. Before either, the device's version is kept here, sealed in the blobs database, so the
 * user is told what was not accepted and can copy it elsewhere; it stays until they dismiss it.
 */
import { from, type Observable, switchMap } from "rxjs";
import type { CollectionName } from "../../../../../sync/collections/index.ts";
import type { BlobStore, RefusedRow } from "./blob-store.ts";
import { openJson, sealJson } from "./local-keys.ts";

/** `dropped`: the device's document is gone (a create or change refused outright); `reverted`: an edit refused, the document back to the server's version. */
export type RefusalOutcome = "dropped" | "reverted";
export type Refusal = { collection: CollectionName; id: string; at: string; doc: Record<string, unknown>; outcome: RefusalOutcome };

const context = (collection: string, id: string) => `refused:${collection}:${id}`;

/** Keeps the device's version of each refused document (`at`: the device's ISO time). */
export async function recordRefusals(
  store: Pick<BlobStore, "refused">,
  key: CryptoKey,
  collection: CollectionName,
  docs: readonly Record<string, unknown>[],
  at: string,
  outcome: RefusalOutcome = "dropped",
): Promise<void> {
  for (const doc of docs) {
    const id = String(doc.id);
    const sealed = await sealJson(key, doc, context(collection, id));
    await store.refused.put({ collection, id, at, ...sealed, ...(outcome === "reverted" ? { outcome } : {}) });
  }
}

/** The refusals kept, oldest first, opened; a row that cannot be opened is left out. */
export function refusals$(store: Pick<BlobStore, "refused">, key: CryptoKey): Observable<Refusal[]> {
  return from(store.refused.rows$()).pipe(switchMap((rows) => openAll(key, rows)));
}

async function openAll(key: CryptoKey, rows: RefusedRow[]): Promise<Refusal[]> {
  const opened = await Promise.all(rows.map(async (row) => {
    try {
      const doc = await openJson(key, row, context(row.collection, row.id)) as Record<string, unknown>;
      return { collection: row.collection as CollectionName, id: row.id, at: row.at, doc, outcome: row.outcome ?? "dropped" } satisfies Refusal;
    } catch {
      return null;
    }
  }));
  return opened.filter((r) => r !== null).sort((a, b) => a.at.localeCompare(b.at) || (a.id < b.id ? -1 : 1));
}
