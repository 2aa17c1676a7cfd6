/**
 * The shared conflict policies of `sync/collections` in the shape RxDB 17
 * expects (`{isEqual, resolve}`, with `assumedMasterState` optional).
 * `resolvePushConflict` decides, as in the edge's model client: a refused
 * tombstone drops the local copy; a master still holding the content the push
 * assumed means the server refused the change, so the master wins (never a
 * merge that would push the refused change again); otherwise the collection's
 * resolver (server wins, or a three-way merge). When the result differs from
 * the master RxDB pushes it again.
 */
import type { RxConflictHandler, WithDeleted } from "rxdb";
import { type AnyCollection, resolvePushConflict, sameValue } from "../../../../../sync/collections/index.ts";
import type { SyncDoc } from "../../../../../sync/protocol.ts";

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
      const resolved = resolvePushConflict(collection, {
        assumedMasterState: input.assumedMasterState ? replicatedFields(input.assumedMasterState) as Doc : null,
        newDocumentState: replicatedFields(input.newDocumentState) as Doc,
        realMasterState: replicatedFields(input.realMasterState) as Doc,
      });
      return Promise.resolve(resolved as WithDeleted<Doc>);
    },
  };
}
