/** Runtime-neutral helpers for conflict resolution and "same content" checks. */
import type { ConflictInput } from "./types.ts";

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
