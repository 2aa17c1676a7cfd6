import { useCallback } from "react";
import { type ChatDoc, type ChatMessageDoc, chatMessageSchema } from "../../../../../sync/collections/index.ts";
import type { LiveList, Local } from "../contract.ts";
import { requireLocal, useSyncEngine } from "./sync-context.ts";
import { useLiveList } from "./use-live-list.ts";
import { deviceNow, parseOrThrow, withoutDeleted } from "./validate-input.ts";

/** Most recent conversation first; chats without messages last, by title. */
const byActivity = (a: ChatDoc, b: ChatDoc) =>
  (b.lastMessageAt ?? "").localeCompare(a.lastMessageAt ?? "") || a.title.localeCompare(b.title) || (a.id < b.id ? -1 : 1);

export function useChats(): LiveList<Local<ChatDoc>> {
  return useLiveList<ChatDoc>("chats", (local) => local.db.chats.find().$ as never, "all", byActivity);
}

/** Oldest first (by createdAt, then id). */
export function useChatMessages(chatId: string): LiveList<Local<ChatMessageDoc>> {
  return useLiveList<ChatMessageDoc>(
    "chat_messages",
    chatId ? (local) => local.db.chat_messages.find({ selector: { chatId }, sort: [{ createdAt: "asc" }, { id: "asc" }] }).$ as never : null,
    chatId,
  );
}

/** Writes locally at once (works offline); resolves with the new message id. */
export function useSendMessage(): (input: { chatId: string; text: string; fileIds?: string[] }) => Promise<string> {
  const engine = useSyncEngine();
  return useCallback(async ({ chatId, text, fileIds = [] }) => {
    const local = requireLocal(engine);
    const message = parseOrThrow(chatMessageSchema, {
      id: crypto.randomUUID(),
      chatId,
      authorId: local.userId,
      text,
      fileIds,
      createdAt: deviceNow(),
      updatedAt: 0,
      _deleted: false,
    });
    // The waiting mark is written behind (`pending-marks.ts`); the message is stored before this resolves.
    void local.markPending("chat_messages", [message.id]);
    await local.db.chat_messages.insert(withoutDeleted(message));
    return message.id;
  }, [engine]);
}
