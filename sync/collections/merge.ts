/** Runtime-neutral helpers for conflict resolution and "same content" checks. */
import { isRefusedTombstone, type SyncDoc } from "../protocol.ts";
import type { ConflictInput, SyncCollection } from "./types.ts";

/** Deep equality of JSON values; object key order does not matter (PostgreSQL's jsonb reorders keys). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as unknown[];
    return a.length === bs.length && a.every((x, i) => sameValue(x, bs[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = Object.keys(ao);
  return keys.length === Object.keys(bo).length && keys.every((k) => Object.hasOwn(bo, k) && sameValue(ao[k], bo[k]));
}

/** Three-way choice: a side that changed since the base wins; when both changed, the master wins. */
export function pick<T>(base: T, local: T, master: T): T {
  return sameValue(local, base) ? master : sameValue(master, base) ? local : master;
}

/**
 * A resolver merging the given fields three ways; every other field (server-set
 * ones, `updatedAt`) comes from the master, so the merged document is pushed
 * next against the current master.
 */
export function mergeFields<D extends object>(fields: readonly (keyof D)[]) {
  return (input: ConflictInput<D>): D => {
    const { assumedMasterState: base, newDocumentState: local, realMasterState: master } = input;
    if (!base) return master;
    const merged = { ...master };
    for (const f of fields) merged[f] = pick(base[f], local[f], master[f]);
    return merged;
  };
}

/** Same content: every replicated field but the server's numbering (`updatedAt`). */
function sameContent(a: SyncDoc, b: SyncDoc): boolean {
  const { updatedAt: _a, ...left } = a;
  const { updatedAt: _b, ...right } = b;
  return sameValue(left, right);
}

/**
 * The server answered a pushed edit with the very master the push assumed, and the edit changed a field the device
 * may write: the server refused the edit (step 2 of `resolvePushConflict`), and the device reverts to the master. The
 * device tells the user, as it does for a refused create (nothing is silently dropped).
 */
export function isRefusedEdit<D extends SyncDoc>(
  collection: SyncCollection<D>,
  row: { assumedMasterState: D | null; newDocumentState: D },
  master: D,
): boolean {
  const { assumedMasterState: assumed, newDocumentState: pushed } = row;
  if (!assumed || isRefusedTombstone(master) || !sameContent(assumed, master)) return false;
  return collection.access.writableFields.some((f) => !sameValue(pushed[f as keyof D], master[f as keyof D]));
}

/**
 * How a device settles the server's conflict answer to one pushed row (sync/README.md,
 * push steps), the same on every device (the PWA's RxDB
 * conflict handler) and in the edge's model client:
 * 1. a refused tombstone: the document does not exist for this user; the copy is dropped;
 * 2. the master still has the content the push assumed: nobody changed the
 *    document, so the server refused this change (a field the pusher may not
 *    write, a value their role may not choose, another person's row, a delete
 *    that is not theirs), or only its own fields differ. The master wins: a
 *    three-way merge against that base would pick the local change again, and
 *    RxDB would push it again, for ever;
 * 3. otherwise the document changed meanwhile and the collection's policy
 *    resolves; a resolution the shared schema refuses (two drafts' fields
 *    merged past 100 KB) would be refused as a whole push, again and again, so
 *    the master wins there too.
 * A result other than the master is pushed against it once: it is then stored
 * or refused, and a refusal ends in (2). So a device holds the server's state,
 * or one it accepts, after at most two answered pushes once nobody else writes.
 */
export function resolvePushConflict<D extends SyncDoc>(collection: SyncCollection<D>, input: ConflictInput<D>): D {
  const { assumedMasterState: assumed, realMasterState: master } = input;
  if (isRefusedTombstone(master)) return master;
  if (assumed && sameContent(assumed, master)) return master;
  const resolved = collection.resolveConflict(input);
  return collection.schema.safeParse(resolved).success ? resolved : master;
}
