/**
 * The chat API (01 §7 "Chat", `/users/chat/opponents`, `/users/counters`) and
 * its real-time events: inputs and answers as zod schemas, event payloads as
 * types. Messages and chats themselves are synced documents
 * (sync/collections/chat-messages.ts, chats.ts); these calls write them.
 */
import { z } from "zod";
import { ROLES } from "../roles.ts";
import { CHAT_FILE_MAX_BYTES, MAX_FILES_AT_ONCE } from "../constants.ts";
import { MESSAGE_TEXT_MAX } from "../collections/chat-messages.ts";
import { CHAT_KINDS, type ChatDoc } from "../collections/chats.ts";

/** 01 §9 page sizes. (Query schemas ignore unknown parameters: the token may come as `?token=`.) */
export const CHATS_PAGE_SIZE = 30;
export const CHAT_MEMBERS_PAGE_SIZE = 10;
export const MESSAGES_PAGE_SIZE = 20;
export const MESSAGES_PAGE_MAX = 100;

const uuid = z.uuid("Invalid id").transform((v) => v.toLowerCase());
const offset = z.coerce.number({ error: "Offset must be a number" }).int().min(0).max(1_000_000).default(0);
const limit = (fallback: number, max = 100) =>
  z.coerce.number({ error: "Limit must be a number" }).int().min(1).max(max).default(fallback);
const search = z.string().trim().max(100).optional().transform((v) => v || undefined);

export const chatIdParamSchema = z.object({ chatId: uuid });
export const userIdParamSchema = z.object({ userId: uuid });
export const exportIdParamSchema = z.object({ exportId: uuid });
export const fileIdParamSchema = z.object({ fileId: uuid });

export const chatsQuerySchema = z.object({
  offset,
  limit: limit(CHATS_PAGE_SIZE),
  search,
  /** Only chats this user is a member of (with the caller). */
  searchUserId: uuid.optional(),
});
export type ChatsQuery = z.infer<typeof chatsQuerySchema>;

export const membersQuerySchema = z.object({ offset, limit: limit(CHAT_MEMBERS_PAGE_SIZE), search });
export const messagesQuerySchema = z.object({ offset, limit: limit(MESSAGES_PAGE_SIZE, MESSAGES_PAGE_MAX) });
export const opponentsQuerySchema = z.object({
  offset,
  limit: limit(20),
  search,
  /** People who may be added to this chat (the caller must be a member). */
  chatId: uuid.optional(),
});
export type OpponentsQuery = z.infer<typeof opponentsQuerySchema>;

/** The text fields of `POST /messages/{chatId}` (JSON, or the fields of a multipart form whose files are `files`). */
export const sendMessageSchema = z.object({
  text: z.string().max(MESSAGE_TEXT_MAX, `A message has at most ${MESSAGE_TEXT_MAX} characters`).default(""),
  /** Files uploaded before over the socket (`upload:attachment`), not yet sent. */
  fileIds: z.preprocess(
    (v) => (typeof v === "string" ? [v] : v),
    z.array(uuid).max(MAX_FILES_AT_ONCE, `At most ${MAX_FILES_AT_ONCE} files per message`),
  ).default([]),
  /** Keep the uploads named in `fileIds` for another message (e.g. the same file to several chats). */
  noClearTemp: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).default(false),
}).strict();
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const opponentBodySchema = z.object({ userId: uuid }).strict();

/** Socket: `upload:attachment` with `action: "start"`, then one `chunk` after another. */
export const UPLOAD_CHUNK_BYTES_MAX = 512 * 1024;
export const uploadStartSchema = z.object({
  action: z.literal("start"),
  name: z.string().trim().min(1, "A file needs a name").max(255),
  size: z.number().int().min(1, "The file is empty").max(CHAT_FILE_MAX_BYTES, "The file is too large (at most 60 MB)"),
}).strict();
export const uploadChunkSchema = z.object({
  action: z.literal("chunk"),
  uploadId: uuid,
  offset: z.number().int().min(0),
  data: z.instanceof(Uint8Array),
}).strict();
export const uploadCancelSchema = z.object({ uploadId: uuid }).strict();

export const chatPersonSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  isOnline: z.boolean(),
}).strict();
export type ChatPerson = z.output<typeof chatPersonSchema>;

export const chatFileViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  url: z.string(),
}).strict();
export type ChatFileView = z.output<typeof chatFileViewSchema>;

export const chatMessageViewSchema = z.object({
  id: z.uuid(),
  chatId: z.uuid(),
  authorId: z.uuid(),
  text: z.string(),
  files: z.array(chatFileViewSchema),
  /** The device's time when written (what the conversation is ordered by). */
  createdAt: z.iso.datetime(),
  updatedAt: z.number().int(),
  isOwnMessage: z.boolean(),
}).strict();
export type ChatMessageView = z.output<typeof chatMessageViewSchema>;

/** `POST /messages/{chatId}` answers the message as listed plus the stored document's `fileIds` and `_deleted`. */
export const sentMessageSchema = chatMessageViewSchema.extend({
  fileIds: z.array(z.uuid()),
  _deleted: z.boolean(),
}).strict();
export type SentMessage = z.output<typeof sentMessageSchema>;

export const lastMessageSchema = z.object({
  id: z.uuid(),
  authorId: z.uuid(),
  /** The message's createdAt. */
  timestamp: z.iso.datetime(),
  isOwnMessage: z.boolean(),
  /** The first 200 characters. */
  text: z.string(),
  fileCount: z.number().int(),
}).strict();
export type LastMessage = z.output<typeof lastMessageSchema>;

export const chatSummarySchema = z.object({
  chatId: z.uuid(),
  kind: z.enum(CHAT_KINDS),
  title: z.string(),
  /** Every member but the caller. */
  opponents: z.array(chatPersonSchema),
  membersCount: z.number().int(),
  isUnread: z.boolean(),
  unreadCount: z.number().int(),
  /** Server time of the newest message: the list's order. */
  lastMessageAt: z.iso.datetime().nullable(),
  lastMessage: lastMessageSchema.nullable(),
}).strict();
export type ChatSummary = z.output<typeof chatSummarySchema>;

export const countersSchema = z.object({
  /** Unread messages in all the caller's chats. */
  messages: z.number().int(),
  /** New received faxes of the caller's practice (0 for everyone else). */
  faxes: z.number().int(),
  unreadChatIds: z.array(z.uuid()),
}).strict();
export type Counters = z.output<typeof countersSchema>;

export const readResultSchema = z.object({ chatId: z.uuid(), unreadCount: z.literal(0), counters: countersSchema }).strict();
export type ReadResult = z.output<typeof readResultSchema>;

/** `DELETE /messages/opponents/{chatId}`: the chat and the member who left or was removed. */
export const opponentRemovedSchema = z.object({ chatId: z.uuid(), removed: z.uuid() }).strict();
export type OpponentRemoved = z.output<typeof opponentRemovedSchema>;

export const exportStartedSchema = z.object({ exportId: z.uuid(), chatId: z.uuid() }).strict();
export type ExportStarted = z.output<typeof exportStartedSchema>;

/** Events the server sends on the socket (besides `sync:*`). */
export const CHAT_EVENTS = {
  onlineInit: "online:init",
  userJoined: "user:joined",
  userLeaved: "user:leaved",
  messageReceived: "message:received",
  chatNew: "chat:new",
  chatRemoved: "chat:removed",
  chatRead: "chat:read",
  opponentNew: "chat:opponent:new",
  opponentRemove: "chat:opponent:remove",
  exportStarted: "chat:export:started",
  exportProgress: "chat:export:progress",
  exportSuccess: "chat:export:success",
  exportError: "chat:export:error",
  appLogin: "app:login",
  forceLogout: "user:forceLogout",
  uploadAttachment: "upload:attachment",
  uploadCancel: "upload:attachment:cancel",
  siteNotificationNew: "siteNotification:new",
} as const;

export type OnlineInitEvent = { userIds: string[] };
export type PresenceEvent = { userId: string };
export type MessageReceivedEvent = { chatId: string; messageId: string; authorId: string; createdAt: string; lastMessageAt: string | null; fileCount: number };
export type ChatEvent = { chatId: string; kind?: ChatDoc["kind"] };
export type OpponentEvent = { chatId: string; userId: string };
export type ExportProgressEvent = { exportId: string; chatId: string; progress: number };
export type ExportSuccessEvent = { exportId: string; chatId: string; downloadUrl: string; expiresAt: string };
export type ExportErrorEvent = { exportId: string; chatId: string; message: string };
export type ForceLogoutReason = "blocked" | "logout" | "logout_all" | "password_changed" | "password_reset" | "session_revoked" | "refresh_reuse"
  /** A VMA detached from the doctor they acted for; the VMA now acts for another doctor (issue 17). */
  | "vma_detached" | "acting_changed";
export type ForceLogoutEvent = { reason: ForceLogoutReason };
export type AppLoginEvent = { device: string; at: string };
export type UploadEvent =
  | { uploadId: string; state: "progress"; progress: number; received: number; size: number }
  | { uploadId: string; state: "uploaded"; progress: 1; file: { id: string; name: string; size: number; contentType: string } }
  | { uploadId: string; state: "error"; code: number; message: string }
  | { uploadId: string; state: "cancelled" };
