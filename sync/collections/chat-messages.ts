/**
 * Chat messages: members of the chat read them; a member who may write to
 * every other member (sync/rules/chat-write.ts) creates one (the server sets
 * `authorId` to the pusher; `fileIds` must name the pusher's own uploads not
 * yet sent, which the message then takes); only the author edits the text or
 * deletes (soft). `createdAt` is the device's time, kept for display order.
 */
import { z } from "zod";
import { docIdSchema, isoTimestampSchema, updatedAtSchema } from "../protocol.ts";
import { MAX_FILES_AT_ONCE } from "../constants.ts";
import { mergeFields } from "./merge.ts";
import { RX_ID, RX_UPDATED_AT, type SyncCollection } from "./types.ts";
import { storableText } from "../rules/storable-text.ts";

export const MESSAGE_TEXT_MAX = 10_000;

export const chatMessageSchema = z.object({
  id: docIdSchema,
  chatId: docIdSchema,
  authorId: docIdSchema,
  text: storableText(MESSAGE_TEXT_MAX, `A message has at most ${MESSAGE_TEXT_MAX} characters`),
  fileIds: z.array(docIdSchema).max(MAX_FILES_AT_ONCE, `At most ${MAX_FILES_AT_ONCE} files per message`),
  createdAt: isoTimestampSchema,
  updatedAt: updatedAtSchema,
  _deleted: z.boolean(),
}).strict().refine((m) => m._deleted || m.text.trim() !== "" || m.fileIds.length > 0, {
  message: "A message needs text or a file",
  path: ["text"],
});
export type ChatMessageDoc = z.infer<typeof chatMessageSchema>;

export const chatMessageRxSchema = {
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: RX_ID,
    chatId: RX_ID,
    authorId: RX_ID,
    text: { type: "string", maxLength: MESSAGE_TEXT_MAX },
    fileIds: { type: "array", maxItems: MAX_FILES_AT_ONCE, items: RX_ID },
    createdAt: { type: "string", maxLength: 24 },
    updatedAt: RX_UPDATED_AT,
  },
  required: ["id", "chatId", "authorId", "text", "fileIds", "createdAt", "updatedAt"],
  indexes: [["chatId", "createdAt"], ["chatId", "updatedAt"]],
} as const;

export const chatMessagesCollection: SyncCollection<ChatMessageDoc> = {
  name: "chat_messages",
  table: "chat_messages",
  schema: chatMessageSchema,
  rxSchema: chatMessageRxSchema,
  access: {
    read: "chatMember",
    scopeField: "chatId",
    create: "chatWriter",
    writableFields: ["text", "_deleted"],
    serverFields: ["authorId"],
    ownerField: "authorId",
    ownerOnlyEdits: ["patient", "doctor", "vma", "admin"],
  },
  // The author's two devices: a delete survives an edit made on the other one meanwhile; the same text changed on
  // both keeps the one the server stored first (a message is short and the author sees it at once).
  conflict: "field-merge",
  resolveConflict: mergeFields<ChatMessageDoc>(["text", "_deleted"]),
  pushBatchSize: 50,
};
