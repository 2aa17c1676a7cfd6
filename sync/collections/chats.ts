/**
 * Chats: pull-only for clients. The chat API of a later issue creates chats and
 * changes members; the server keeps `lastMessageAt` (its own clock) when a
 * message is created. A pushed chat is answered as a conflict: the master, or a
 * refused tombstone for a chat the caller is not in.
 */
import { z } from "zod";
import { docIdSchema, isoTimestampSchema, updatedAtSchema } from "../protocol.ts";
import { RX_ID, RX_UPDATED_AT, serverWins, type SyncCollection } from "./types.ts";
import { storableText } from "../rules/storable-text.ts";

export const CHAT_KINDS = ["direct", "group", "support"] as const;
export const CHAT_MEMBERS_MAX = 100;

export const chatSchema = z.object({
  id: docIdSchema,
  kind: z.enum(CHAT_KINDS),
  title: storableText(200),
  /** Sorted; derived on the server from chat membership. */
  memberIds: z.array(docIdSchema).max(CHAT_MEMBERS_MAX),
  lastMessageAt: isoTimestampSchema.nullable(),
  updatedAt: updatedAtSchema,
  _deleted: z.boolean(),
}).strict();
export type ChatDoc = z.infer<typeof chatSchema>;

export const chatRxSchema = {
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: RX_ID,
    kind: { type: "string", enum: CHAT_KINDS, maxLength: 10 },
    title: { type: "string", maxLength: 200 },
    memberIds: { type: "array", maxItems: CHAT_MEMBERS_MAX, items: RX_ID },
    lastMessageAt: { type: ["string", "null"], maxLength: 24 },
    updatedAt: RX_UPDATED_AT,
  },
  required: ["id", "kind", "title", "memberIds", "lastMessageAt", "updatedAt"],
  indexes: ["updatedAt"],
} as const;

export const chatsCollection: SyncCollection<ChatDoc> = {
  name: "chats",
  table: "chats",
  schema: chatSchema,
  rxSchema: chatRxSchema,
  access: {
    read: "chatMember",
    scopeField: "id",
    create: "nobody",
    writableFields: [],
    serverFields: ["memberIds", "lastMessageAt"],
    ownerOnlyEdits: [],
  },
  conflict: "server-wins",
  resolveConflict: serverWins,
  pushBatchSize: 100,
};
