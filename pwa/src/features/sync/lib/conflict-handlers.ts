/**
 * The shared conflict policies of `sync/collections` in the shape RxDB 17
 * expects (`{isEqual, resolve}`, with `assumedMasterState` optional).
 *
 * - A refused tombstone (`updatedAt: 0, _deleted: true`) always wins: the
 *   server says the document does not exist for this user, so the local copy
 *   is dropped (written as deleted) and never pushed again.
 * - Otherwise the collection's resolver decides (server wins, or a three-way
 *   merge); when the result differs from the master RxDB pushes it again.
 */
import type { RxConflictHandler, WithDeleted } from "rxdb";
import { type AnyCollection, sameValue } from "../../../../../sync/collections/index.ts";
import { isRefusedTombstone, type SyncDoc } from "../../../../../sync/protocol.ts";

type Doc = SyncDoc & Record<string, unknown>;

/** The replicated fields only: RxDB's bookkeeping (`_rev`, `_meta`, `_attachments`) is not content. */
export function replicatedFields(doc: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key === "_deleted" || !key.startsWith("_")) out[key] = value;
  }
  out._deleted = doc._deleted === true;
  return out;
}

export function toRxConflictHandler(collection: AnyCollection): RxConflictHandler<Doc> {
  return {
    // Key order does not count: PostgreSQL's jsonb reorders the keys of a draft's fields.
    isEqual: (a, b) => sameValue(replicatedFields(a), replicatedFields(b)),
    resolve(input) {
      const master = replicatedFields(input.realMasterState) as Doc;
      if (isRefusedTombstone(master)) return Promise.resolve(master as WithDeleted<Doc>);
      const resolved = collection.resolveConflict({
        assumedMasterState: input.assumedMasterState ? replicatedFields(input.assumedMasterState) as Doc : null,
        newDocumentState: replicatedFields(input.newDocumentState) as Doc,
        realMasterState: master,
      });
      return Promise.resolve(resolved as WithDeleted<Doc>);
    },
  };
}
