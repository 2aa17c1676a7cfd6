/**
 * What the sync endpoints answer (sync/protocol.ts): a pull page, a push's conflicting masters, the scopes
 * whose access ended, an upload's state. A pull or a push names its collection in the path, so a document
 * is any registered collection's document (each checked by its collection's own schema).
 */
import { z } from "zod";
import { SYNC_COLLECTIONS } from "../collections/index.ts";
import {
  type AccessRevoked,
  type Checkpoint,
  docIdSchema,
  type PullResult,
  type PushResult,
  type SyncDoc,
  updatedAtSchema,
  type UploadStatus,
} from "../protocol.ts";

const c = SYNC_COLLECTIONS;

/** A document of any synced collection. */
export const syncDocSchema = z.union([
  c.chats.schema,
  c.chat_messages.schema,
  c.note_drafts.schema,
  c.medical_files.schema,
  c.consultations.schema,
  c.encounter_notes.schema,
  c.tasks.schema,
  c.macros.schema,
  c.patients.schema,
  c.chart_entries.schema,
  c.note_types.schema,
  c.practice_members.schema,
]);

export const checkpointSchema = z.object({ updatedAt: updatedAtSchema, id: docIdSchema }).strict() satisfies z.ZodType<Checkpoint>;

/** `GET .../{collection}/pull`. */
export const pullResultSchema = z.object({
  documents: z.array(syncDocSchema),
  checkpoint: checkpointSchema.nullable(),
  more: z.literal(true).optional(),
}).strict() satisfies z.ZodType<PullResult<SyncDoc>>;

/** `POST .../{collection}/push`: the conflicting masters (or refused tombstones); empty when all is stored. */
export const pushResultSchema = z.array(syncDocSchema) satisfies z.ZodType<PushResult<SyncDoc>>;

/** `POST .../access`: the scopes among those sent that the user may no longer read. */
export const accessRevokedSchema = z.object({
  patients: z.array(docIdSchema),
  chats: z.array(docIdSchema),
  practices: z.array(docIdSchema),
}).strict() satisfies z.ZodType<AccessRevoked>;

/** `PUT .../content` and `GET .../content/status`. */
export const uploadStatusSchema = z.object({
  offset: z.number().int().min(0),
  size: z.number().int().min(0),
  status: z.enum(["pending", "uploaded", "rejected"]),
}).strict() satisfies z.ZodType<UploadStatus>;
