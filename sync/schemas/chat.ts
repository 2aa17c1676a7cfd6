/**
 * The chat API (01 §7 "Chat", `/users/chat/opponents`, `/users/counters`) and
 * its real-time events: inputs as zod schemas, answers and event payloads as
 * types. Messages and chats themselves are synced documents
 * (sync/collections/chat-messages.ts, chats.ts); these calls write them.
 */
import { z } from "zod";
import type { Role } from "../roles.ts";
import { CHAT_FILE_MAX_BYTES, MAX_FILES_AT_ONCE } from "../constants.ts";
import { MESSAGE_TEXT_MAX } from "../collections/chat-messages.ts";
import type { ChatDoc } from "../collections/chats.ts";

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

export type ChatPerson = { id: string; firstName: string; lastName: string; role: Role; isOnline: boolean };

export type ChatFileView = { id: string; name: string; size: number; contentType: string; url: string };

export type ChatMessageView = {
  id: string;
  chatId: string;
  authorId: string;
  text: string;
  files: ChatFileView[];
  /** The device's time when written (what the conversation is ordered by). */
  createdAt: string;
  updatedAt: number;
  isOwnMessage: boolean;
};

export type LastMessage = {
  id: string;
  authorId: string;
  /** The message's createdAt. */
  timestamp: string;
  isOwnMessage: boolean;
  /** The first 200 characters. */
  text: string;
  fileCount: number;
};

export type ChatSummary = {
  chatId: string;
  kind: ChatDoc["kind"];
  title: string;
  /** Every member but the caller. */
  opponents: ChatPerson[];
  membersCount: number;
  isUnread: boolean;
  unreadCount: number;
  /** Server time of the newest message: the list's order. */
  lastMessageAt: string | null;
  lastMessage: LastMessage | null;
};

export type Counters = {
  /** Unread messages in all the caller's chats. */
  messages: number;
  /** Always 0 until faxes exist (a later issue). */
  faxes: number;
  unreadChatIds: string[];
};

export type ReadResult = { chatId: string; unreadCount: 0; counters: Counters };

export type ExportStarted = { exportId: string; chatId: string };

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
