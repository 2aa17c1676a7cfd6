/**
 * The sync protocol shared by the edge and the PWA (RxDB replication).
 *
 * - Pull: `GET  /api/v1/sync/v{SYNC_VERSION}/{collection}/pull?updatedAt=&id=&limit=`
 *   answers `{documents, checkpoint}`: documents the caller may read whose
 *   `(updatedAt, id)` is after the checkpoint, in that order; `checkpoint` is the
 *   last document's `{updatedAt, id}`, or null when nothing is new.
 * - Push: `POST /api/v1/sync/v{SYNC_VERSION}/{collection}/push` with an array of
 *   `{assumedMasterState, newDocumentState}` answers the array of conflicting
 *   master documents (empty: everything was written or already there).
 * - Live: socket.io at `SOCKET_PATH`, `auth: {token}`; events `sync:{collection}`
 *   carry `{documents, checkpoint}`, `sync:resync` asks the client to pull.
 *
 * `updatedAt` is the server's change sequence (a PostgreSQL sequence), never a
 * device clock: the server sets it on every write; a client sends what it last saw.
 */
import { z } from "zod";
import { MAX_FILES_AT_ONCE, MB } from "./constants.ts";

/** Part of every sync path; a client with another version is told to update (426). */
export const SYNC_VERSION = 1;

export const PULL_LIMIT_DEFAULT = 200;
/**
 * The most documents of an ordinary pull page (RxDB's replication asks for this many): such a page is
 * never ended early, so one with fewer documents than asked for is the last (RxDB's rule, which devices
 * of every version rely on).
 */
export const PULL_LIMIT_MAX = 1000;
/**
 * The most documents of a bulk pull page (`limit` above `PULL_LIMIT_MAX`: only a device's first pull asks
 * for these, `pwa/src/features/sync/lib/initial-pull.ts`). A first pull of a full panel (20,000 drafts) is
 * 9 requests instead of 21 (`edge/docs/benchmarks.md`). Such a page also ends at about
 * `PULL_PAGE_BYTES_MAX` of JSON and then says `more`.
 */
export const PULL_BULK_LIMIT_MAX = 2500;
/** About the most JSON of a bulk pull page (2,500 drafts of up to 100 KB of fields would be 250 MB); at least one document. */
export const PULL_PAGE_BYTES_MAX = 4 * MB;
export const PUSH_ROWS_MAX = 500;
/** A push body may be larger than ordinary JSON: note drafts carry up to 100 KB of fields. */
export const PUSH_BODY_MAX_BYTES = 8 * MB;
/** One `PUT .../content` chunk. */
export const UPLOAD_CHUNK_MAX_BYTES = 1 * MB;
/** Uploads one user may have in progress at once (the client queue runs at most this many). */
export const CONCURRENT_UPLOADS_MAX = MAX_FILES_AT_ONCE;
/** An upload with no chunk for this long no longer counts as in progress. */
export const UPLOAD_STALE_MS = 10 * 60_000;
/** The largest change sequence a client can hold exactly (JavaScript numbers). */
export const MAX_SEQ = Number.MAX_SAFE_INTEGER;

export const SOCKET_PATH = "/api/v1/socket.io";
/** Server → client: pull now (sent on every connection and after the server lost its change feed). */
export const RESYNC_EVENT = "sync:resync";
export const changeEvent = (collection: string) => `sync:${collection}`;
/** PostgreSQL NOTIFY channel between edge processes (payload: collection and seq range, never data). */
export const SYNC_CHANNEL = "sync_changes";

export const NIL_ID = "00000000-0000-0000-0000-000000000000";

/**
 * Document ids: lower-case UUIDs made on the device (`crypto.randomUUID()`), so
 * the id the server answers is byte-for-byte the id the device holds.
 */
export const docIdSchema = z.uuid("Invalid id").regex(/^[0-9a-f-]+$/, "Use a lower-case id");
export const updatedAtSchema = z.number().int().min(0).max(MAX_SEQ);
/** Device timestamps exactly as `Date.prototype.toISOString()` writes them. */
export const isoTimestampSchema = z.iso.datetime({ precision: 3, message: "Use an ISO timestamp like 2026-01-31T12:00:00.000Z" });

export type Checkpoint = { updatedAt: number; id: string };
export type SyncDoc = { id: string; updatedAt: number; _deleted: boolean };

export const pullQuerySchema = z.object({
  updatedAt: z.coerce.number().int().min(0).max(MAX_SEQ).default(0),
  id: docIdSchema.default(NIL_ID),
  limit: z.coerce.number().int().min(1).max(PULL_BULK_LIMIT_MAX).default(PULL_LIMIT_DEFAULT),
}).strict();
export type PullQuery = z.infer<typeof pullQuerySchema>;

/**
 * A pull page. `more` (bulk pages only): the page ended early for its size, and documents follow its
 * checkpoint although fewer than `limit` came. Without it, a page shorter than `limit` is the last.
 */
export type PullResult<D> = { documents: D[]; checkpoint: Checkpoint | null; more?: true };
/** A live event: like a pull page, never empty. */
export type LiveChange<D> = { documents: D[]; checkpoint: Checkpoint };

export type PushRow<D> = { assumedMasterState: D | null; newDocumentState: D };
/** Conflicting master documents; empty when every row was written or already there. */
export type PushResult<D> = D[];

/** The push body for one collection's document schema. RxDB omits `assumedMasterState` for new documents. */
export function pushBodySchema<D extends SyncDoc>(doc: z.ZodType<D>): z.ZodType<PushRow<D>[]> {
  const row = z.object({
    assumedMasterState: doc.nullish().transform((v): D | null => v ?? null),
    newDocumentState: doc,
  }).strict().refine((r: PushRow<D>) => !r.assumedMasterState || r.assumedMasterState.id === r.newDocumentState.id, {
    message: "assumedMasterState and newDocumentState must be the same document",
    path: ["assumedMasterState", "id"],
  });
  return z.array(row).max(PUSH_ROWS_MAX, `At most ${PUSH_ROWS_MAX} rows per push`);
}

/**
 * Any collection's push body as far as it can be told before the collection is known (what `POST …/push`
 * declares): rows of documents with an id. The collection's own `pushBodySchema` then checks every field.
 */
const anyDoc = z.looseObject({ id: z.string() });
export const pushRowsSchema = z.array(z.object({ assumedMasterState: anyDoc.nullish(), newDocumentState: anyDoc }).strict())
  .max(PUSH_ROWS_MAX, `At most ${PUSH_ROWS_MAX} rows per push`);

/**
 * A refused write answers this instead of a master document: the document does
 * not exist for the caller. `updatedAt: 0` with `_deleted: true` makes the
 * client's conflict handler drop its local copy; it reveals nothing.
 */
export function refusedTombstone<D extends SyncDoc>(doc: D): D {
  return { ...doc, updatedAt: 0, _deleted: true };
}
export const isRefusedTombstone = (doc: SyncDoc) => doc.updatedAt === 0 && doc._deleted;

/** `GET .../content/status` answers this; a client resumes its upload at `offset`. */
export type UploadStatus = { offset: number; size: number; status: "pending" | "uploaded" | "rejected" };

/** `Content-Range: bytes start-end/total` (end inclusive) of one upload chunk. */
export function parseContentRange(header: string | null | undefined): { start: number; end: number; total: number } | null {
  const m = /^bytes (\d{1,12})-(\d{1,12})\/(\d{1,12})$/.exec((header ?? "").trim());
  if (!m) return null;
  const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (end < start || end >= total) return null;
  return { start, end, total };
}

/** Paths under /api/v1 (the API client adds the prefix). */
export const syncPaths = {
  pull: (collection: string) => `/sync/v${SYNC_VERSION}/${collection}/pull`,
  push: (collection: string) => `/sync/v${SYNC_VERSION}/${collection}/push`,
  content: (fileId: string) => `/sync/v${SYNC_VERSION}/medical_files/${fileId}/content`,
  contentStatus: (fileId: string) => `/sync/v${SYNC_VERSION}/medical_files/${fileId}/content/status`,
};

/**
 * `POST /api/v1/sync/v{SYNC_VERSION}/access`: a device asks which of the scopes it holds rows of its user may no
 * longer read (a patient moved to another practice, a chat left, a VMA detached); the answer lists those. The
 * device then drops its copy and pulls again (issue 31: a row leaves a device when access ends).
 */
export const accessCheckSchema = z.object({
  patients: z.array(docIdSchema).max(5_000).default([]),
  chats: z.array(docIdSchema).max(5_000).default([]),
  practices: z.array(docIdSchema).max(100).default([]),
}).strict();
export type AccessCheck = z.input<typeof accessCheckSchema>;
export type AccessRevoked = { patients: string[]; chats: string[]; practices: string[] };
