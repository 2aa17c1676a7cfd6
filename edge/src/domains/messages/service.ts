/**
 * The chat API (01 §7 "Chat"): starting chats, sending, reading, members,
 * the support chat, counters. Chats, members and messages are synced
 * documents, so every write goes through the sync writer (devices get it live
 * as `sync:*`); new messages pass the same `chatWriter` check and effects as a
 * message pushed by a device (effects.ts). A chat the caller is not in answers
 * 404; a chat they are in but may no longer write to answers 403.
 */
import { requireChatMembership } from "../memberships/requirement.ts";
import type { Actor } from "../../access/actor.ts";
import { chatParties, mayWriteTo, partiesOf } from "../../access/chat-write.ts";
import type { Deps } from "../../deps.ts";
import { listOf } from "../../http/envelope.ts";
import type { ListResult } from "../../../../sync/envelope.ts";
import { AppError, badRequest, forbidden, notFound } from "../../http/errors.ts";
import type { SyncWrite, SyncWriter } from "../sync/writer.ts";
import { mayCreate } from "../sync/scopes.ts";
import { CHAT_MEMBERS_MAX, chatMessagesCollection } from "../../../../sync/collections/index.ts";
import { MAX_FILES_AT_ONCE } from "../../../../sync/constants.ts";
import { CANNOT_WRITE_MESSAGE, mayJoinChat } from "../../../../sync/rules/chat-write.ts";
import {
  CHAT_EVENTS,
  type ChatMessageView,
  type ChatPerson,
  type Counters,
  type OpponentRemoved,
  type ReadResult,
  type SentMessage,
  type ChatsQuery,
  type ChatSummary,
  type OpponentsQuery,
  type SendMessageInput,
} from "../../../../sync/schemas/chat.ts";
import type { MessageEffects } from "./effects.ts";
import type { ChatFiles } from "./files.ts";
import { createMessagesRepo } from "./repo.ts";

const CHAT_FIELDS = ["id", "kind", "title", "lastMessageAt", "_deleted"];
const cannotWrite = () => forbidden(CANNOT_WRITE_MESSAGE, "CANNOT_WRITE");
const chatNotFound = () => notFound("Chat not found");

export function createMessagesService(
  deps: Pick<Deps, "sql" | "clock" | "events"> & { write: SyncWriter; files: ChatFiles; effects: MessageEffects },
) {
  const { sql, clock, events, write, files, effects } = deps;
  const repo = createMessagesRepo(sql);

  async function summary(actor: Actor, chatId: string): Promise<ChatSummary> {
    const [found] = await repo.summaries(actor, [chatId]);
    if (!found) throw chatNotFound();
    return found;
  }

  async function memberChat(actor: Actor, chatId: string) {
    const chat = await repo.chatOf(sql, actor, chatId);
    if (!chat) throw chatNotFound();
    return chat;
  }

  async function insertChat(w: SyncWrite, kind: "direct" | "support", memberIds: string[]): Promise<string> {
    const id = crypto.randomUUID();
    await w.insert("chats", { id, kind, title: kind === "support" ? "Support" : "", lastMessageAt: null, _deleted: false }, CHAT_FIELDS);
    for (const userId of memberIds) await w.tx`insert into chat_members (chat_id, user_id) values (${id}, ${userId})`;
    return id;
  }

  /** New members read the history (touchScope re-sends it to them) without it counting as unread. */
  async function addMembers(w: SyncWrite, chatId: string, userIds: string[]) {
    for (const userId of userIds) {
      await w.tx`insert into chat_members (chat_id, user_id) values (${chatId}, ${userId}) on conflict do nothing`;
    }
    await w.touchScope("chats", [chatId]);
    await w.touchScope("chat_messages", [chatId]);
    await repo.markAllRead(w.tx, chatId, userIds);
  }

  /** The support chat of a non-admin user with every admin in it; created or completed as needed. */
  async function ensureSupport(userId: string) {
    const newcomers: string[] = [];
    const out = await write(["chats", "chat_messages"], async (w) => {
      const admins = await repo.adminIds(w.tx);
      const existing = await repo.supportChat(w.tx, userId);
      if (!existing) {
        const id = await insertChat(w, "support", [userId, ...admins]);
        newcomers.push(userId, ...admins);
        return { id, created: true };
      }
      const members = new Set(await repo.memberIds(w.tx, existing));
      const missing = admins.filter((a) => !members.has(a));
      if (missing.length) {
        await addMembers(w, existing, missing);
        newcomers.push(...missing);
      }
      return { id: existing, created: false };
    });
    if (newcomers.length) await events.toUsers(newcomers, CHAT_EVENTS.chatNew, { chatId: out.id, kind: "support" });
    return out;
  }

  return {
    /** `POST /messages/chat/{userId}`: the direct chat with a user, started when there is none. */
    async startChat(actor: Actor, userId: string): Promise<{ chat: ChatSummary; created: boolean }> {
      if (userId === actor.userId) throw badRequest("You cannot start a chat with yourself", { reason: "SELF_CHAT" });
      const allowed = await mayWriteTo(sql, actor, userId);
      if (allowed === null) throw notFound("User not found");
      if (!allowed) throw cannotWrite();
      await requireChatMembership(sql, actor, { userId });
      // Under the chats lock, so two concurrent starts find one chat.
      const out = await write(["chats"], async (w) => {
        const existing = await repo.directChat(w.tx, actor.userId, userId);
        if (existing) return { id: existing, created: false };
        return { id: await insertChat(w, "direct", [actor.userId, userId]), created: true };
      });
      if (out.created) await events.toUsers([actor.userId, userId], CHAT_EVENTS.chatNew, { chatId: out.id, kind: "direct" });
      return { chat: await summary(actor, out.id), created: out.created };
    },

    /** `POST /messages/{chatId}`: text and files (multipart `files`, or uploads named in `fileIds`). */
    async send(actor: Actor, chatId: string, input: SendMessageInput, uploads: File[]): Promise<SentMessage> {
      if (input.fileIds.length + uploads.length > MAX_FILES_AT_ONCE) {
        throw badRequest(`At most ${MAX_FILES_AT_ONCE} files per message`, {
          reason: "VALIDATION_FAILED",
          fields: { files: `At most ${MAX_FILES_AT_ONCE} files per message` },
        });
      }
      if (!input.text.trim() && input.fileIds.length + uploads.length === 0) {
        throw badRequest("A message needs text or a file", { reason: "VALIDATION_FAILED", fields: { text: "A message needs text or a file" } });
      }
      await memberChat(actor, chatId);
      await requireChatMembership(sql, actor, { chatId });
      // Files are checked and stored before the transaction, which holds the message lock only briefly;
      // only by someone who may write here.
      const stored: { id: string }[] = [];
      if (uploads.length) {
        if (!(await mayCreate(sql, actor, chatMessagesCollection.access.create, chatId))) throw cannotWrite();
        for (const file of uploads) stored.push(await files.storeTemp(actor, file));
      }

      const doc = {
        id: crypto.randomUUID(),
        chatId,
        authorId: actor.userId,
        text: input.text,
        fileIds: [] as string[],
        createdAt: clock.now().toISOString(),
        updatedAt: 0,
        _deleted: false,
      };
      const seq = await write(["chats", "chat_messages"], async (w) => {
        // The same checks as a pushed message, now under the lock.
        if (!(await mayCreate(w.tx, actor, chatMessagesCollection.access.create, chatId))) throw cannotWrite();
        const named = input.noClearTemp ? await files.copies(w.tx, input.fileIds) : input.fileIds;
        doc.fileIds = [...stored.map((f) => f.id), ...named];
        if (!(await effects.accepts(w, actor, doc))) {
          throw new AppError(400, "These files are not your uploads, or were sent already", {
            reason: "UNKNOWN_FILES",
            fields: { fileIds: "Unknown or already sent files" },
          });
        }
        const seq = await w.insert("chat_messages", doc, Object.keys(doc).filter((k) => k !== "updatedAt"));
        await effects.created(w, actor, doc);
        return seq;
      });
      await effects.committed(actor, [doc]);
      return {
        ...doc,
        updatedAt: seq,
        files: doc.fileIds.length ? (await files.ofMessages(sql, [doc.id])).get(doc.id) ?? [] : [],
        isOwnMessage: true,
      };
    },

    /** `GET /messages/{chatId}`: newest first. */
    async messages(actor: Actor, chatId: string, o: { offset: number; limit: number }): Promise<ListResult<ChatMessageView>> {
      await memberChat(actor, chatId);
      const { rows, totalCount } = await repo.messages(chatId, o);
      const fileMap = await files.ofMessages(sql, rows.map((r) => r.id));
      const list: ChatMessageView[] = rows.map((r) => ({
        id: r.id,
        chatId: r.chat_id,
        authorId: r.author_id,
        text: r.text,
        files: fileMap.get(r.id) ?? [],
        createdAt: r.created_at.toISOString(),
        updatedAt: Number(r.seq),
        isOwnMessage: r.author_id === actor.userId,
      }));
      return listOf(list, o.offset, o.limit, totalCount);
    },

    /** `POST /messages/read/{chatId}`: everything in the chat now is read by the caller. */
    async read(actor: Actor, chatId: string): Promise<ReadResult> {
      await memberChat(actor, chatId);
      await repo.markRead(chatId, actor.userId);
      await events.toUsers([actor.userId], CHAT_EVENTS.chatRead, { chatId });
      return { chatId, unreadCount: 0 as const, counters: await repo.counters(actor.userId) };
    },

    async chats(actor: Actor, query: ChatsQuery): Promise<ListResult<ChatSummary>> {
      const { ids, totalCount } = await repo.chatIds(actor, query);
      return listOf(await repo.summaries(actor, ids), query.offset, query.limit, totalCount);
    },

    async members(actor: Actor, chatId: string, o: { offset: number; limit: number; search?: string }): Promise<ListResult<ChatPerson>> {
      await memberChat(actor, chatId);
      const { list, totalCount } = await repo.members(chatId, o);
      return listOf(list, o.offset, o.limit, totalCount);
    },

    /** `POST /messages/opponents/{chatId}`: staff members add someone every member may write with. */
    async addOpponent(actor: Actor, chatId: string, userId: string): Promise<ChatSummary> {
      const chat = await memberChat(actor, chatId);
      if (actor.role === "patient") throw forbidden("Patients cannot add members to a chat", "CANNOT_ADD_MEMBER");
      if (chat.kind === "support") {
        throw badRequest("The support chat's members are its owner and the admins", { reason: "SUPPORT_CHAT" });
      }
      const [candidate] = [...(await partiesOf(sql, [userId])).values()];
      if (!candidate) throw notFound("User not found");
      const before = await write(["chats", "chat_messages"], async (w) => {
        const members = await chatParties(w.tx, chatId);
        if (members.some((m) => m.id === userId)) {
          throw new AppError(409, "This user is already in the chat", { reason: "ALREADY_MEMBER" });
        }
        if (members.length >= CHAT_MEMBERS_MAX) {
          throw badRequest(`A chat has at most ${CHAT_MEMBERS_MAX} members`, { reason: "CHAT_FULL" });
        }
        if (!mayJoinChat(candidate, members)) throw forbidden("This user cannot be added to this chat", "CANNOT_ADD_MEMBER");
        // A third person makes a direct chat a group; the pair may start a new direct chat.
        if (chat.kind === "direct") await w.update("chats", chatId, { kind: "group" }, ["kind"]);
        await addMembers(w, chatId, [userId]);
        return members.map((m) => m.id);
      });
      await events.toUsers([userId], CHAT_EVENTS.chatNew, { chatId, kind: "group" });
      await events.toUsers(before, CHAT_EVENTS.opponentNew, { chatId, userId });
      return await summary(actor, chatId);
    },

    /**
     * `DELETE /messages/opponents/{chatId}`: staff remove a member of a group
     * chat; anyone may leave one. The removed member stops receiving the chat's
     * rows; copies already on their devices are theirs to drop on `chat:removed`.
     */
    async removeOpponent(actor: Actor, chatId: string, userId: string): Promise<OpponentRemoved> {
      const chat = await memberChat(actor, chatId);
      if (chat.kind !== "group") {
        throw badRequest("Members can be removed from group chats only", { reason: "NOT_A_GROUP_CHAT" });
      }
      if (actor.role === "patient" && userId !== actor.userId) {
        throw forbidden("Patients can only leave a chat", "CANNOT_REMOVE_MEMBER");
      }
      const remaining = await write(["chats"], async (w) => {
        const gone = await w.tx`delete from chat_members where chat_id = ${chatId} and user_id = ${userId} returning user_id`;
        if (gone.length === 0) throw notFound("Member not found");
        await w.tx`delete from chat_reads where chat_id = ${chatId} and user_id = ${userId}`;
        // A new seq: the other members' devices get the new memberIds.
        await w.update("chats", chatId, {}, []);
        return await repo.memberIds(w.tx, chatId);
      });
      await events.toUsers([userId], CHAT_EVENTS.chatRemoved, { chatId });
      await events.toUsers(remaining, CHAT_EVENTS.opponentRemove, { chatId, userId });
      return { chatId, removed: userId };
    },

    /** `GET /messages/support`: the caller's chat with the admin team. */
    async support(actor: Actor): Promise<ChatSummary> {
      if (actor.role === "admin") {
        throw badRequest("Admins answer support chats; they have none of their own", { reason: "ADMIN_SUPPORT" });
      }
      const { id } = await ensureSupport(actor.userId);
      return await summary(actor, id);
    },

    /**
     * An admin joins every support chat (for the admins issue to call when an
     * admin is created; `GET /messages/support` also completes a chat's admins).
     */
    async joinSupportChats(adminId: string) {
      const chats = await write(["chats", "chat_messages"], async (w) => {
        const ids = await repo.supportChatsWithout(w.tx, adminId);
        for (const id of ids) await addMembers(w, id, [adminId]);
        return ids;
      });
      for (const chatId of chats) await events.toUsers([adminId], CHAT_EVENTS.chatNew, { chatId, kind: "support" });
      return chats.length;
    },

    async opponents(actor: Actor, query: OpponentsQuery): Promise<ListResult<ChatPerson>> {
      if (query.chatId) await memberChat(actor, query.chatId);
      const { list, totalCount } = await repo.opponents(actor, query);
      return listOf(list, query.offset, query.limit, totalCount);
    },

    counters: (actor: Actor): Promise<Counters> => repo.counters(actor.userId),

    download: (actor: Actor, fileId: string) => files.download(actor, fileId),
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
