/**
 * HTTP for chat (01 §7 "Chat", `/users/chat/opponents`, `/users/counters`).
 * Static paths come before `/messages/:chatId`, and this router before the
 * users router's `/users/:id`.
 */
import type { Context } from "hono";
import { allow } from "../../access/policy.ts";
import { answers, answersFile } from "../../http/answers.ts";
import { idempotent } from "../../http/idempotency.ts";
import { attachment } from "../../http/download.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, jsonOrMultipart } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { parse, valid, validate } from "../../http/validate.ts";
import {
  chatIdParamSchema,
  chatMessageViewSchema,
  chatPersonSchema,
  chatsQuerySchema,
  chatSummarySchema,
  countersSchema,
  exportIdParamSchema,
  fileIdParamSchema,
  membersQuerySchema,
  messagesQuerySchema,
  opponentBodySchema,
  opponentRemovedSchema,
  opponentsQuerySchema,
  readResultSchema,
  sendMessageSchema,
  exportStartedSchema,
  sentMessageSchema,
  userIdParamSchema,
} from "../../../../sync/schemas/chat.ts";
import { listResultSchema } from "../../../../sync/envelope.ts";
import { CONTENT_TYPES } from "../../../../sync/files.ts";
import type { ChatExports } from "./export.ts";
import type { MessagesService } from "./service.ts";

async function rawFormText(c: Context): Promise<string | undefined> {
  if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) return undefined;
  const text = (await c.req.parseBody({ all: true })).text;
  return typeof text === "string" ? text : undefined;
}

/** An attachment is typed from its content when stored (files.ts, purpose `chat`); octet-stream when it has no type. */
const ATTACHMENT_TYPES = [...new Set(Object.values(CONTENT_TYPES)), "application/octet-stream"];

export function messagesRoutes(messages: MessagesService, exports: ChatExports) {
  const r = createRouter();

  r.get("/users/counters", allow.signedIn, answers(countersSchema), async (c) => ok(c, await messages.counters(actorOf(c))));

  r.get("/users/chat/opponents", allow.signedIn, answers(listResultSchema(chatPersonSchema)), validate({ query: opponentsQuerySchema }), async (c) => {
    const query = valid(c, opponentsQuerySchema);
    return ok(c, await messages.opponents(actorOf(c), query));
  });

  r.get("/messages/chats", allow.signedIn, answers(listResultSchema(chatSummarySchema)), validate({ query: chatsQuerySchema }), async (c) => {
    const query = valid(c, chatsQuerySchema);
    return ok(c, await messages.chats(actorOf(c), query));
  });

  r.get("/messages/support", allow.signedIn, answers(chatSummarySchema), async (c) => ok(c, await messages.support(actorOf(c))));

  r.get("/messages/members/:chatId", allow.signedIn, answers(listResultSchema(chatPersonSchema)), validate({ param: chatIdParamSchema, query: membersQuerySchema }), async (c) => {
    const { chatId } = valid(c, chatIdParamSchema);
    const query = valid(c, membersQuerySchema);
    return ok(c, await messages.members(actorOf(c), chatId, query));
  });

  r.post("/messages/read/:chatId", allow.signedIn, answers(readResultSchema), validate({ param: chatIdParamSchema }), async (c) => {
    const { chatId } = valid(c, chatIdParamSchema);
    return ok(c, await messages.read(actorOf(c), chatId));
  });

  r.post("/messages/chat/export/:chatId", allow.signedIn, answers(exportStartedSchema, 202), validate({ param: chatIdParamSchema }), async (c) => {
    const { chatId } = valid(c, chatIdParamSchema);
    return ok(c, await exports.start(actorOf(c), chatId), 202);
  });

  r.get("/messages/exports/:exportId", allow.signedIn, answersFile("application/pdf"), validate({ param: exportIdParamSchema }), async (c) => {
    const { exportId } = valid(c, exportIdParamSchema);
    const file = await exports.download(actorOf(c), exportId);
    c.header("Content-Type", "application/pdf");
    c.header("Content-Disposition", attachment(file.filename));
    c.header("Cache-Control", "private, no-store");
    return c.body(file.data as Uint8Array<ArrayBuffer>);
  });

  r.get("/messages/files/:fileId", allow.signedIn, answersFile(...ATTACHMENT_TYPES), validate({ param: fileIdParamSchema }), async (c) => {
    const { fileId } = valid(c, fileIdParamSchema);
    const { file, body } = await messages.download(actorOf(c), fileId);
    c.header("Content-Type", file.contentType);
    c.header("Content-Length", String(file.size));
    c.header("Content-Disposition", attachment(file.name));
    c.header("Cache-Control", "private, no-store");
    return c.body(body);
  });

  r.post("/messages/chat/:userId", allow.signedIn, answers(chatSummarySchema, 201), validate({ param: userIdParamSchema }), async (c) => {
    const { userId } = valid(c, userIdParamSchema);
    const { chat, created } = await messages.startChat(actorOf(c), userId);
    return ok(c, chat, created ? 201 : 200);
  });

  r.post("/messages/opponents/:chatId", allow.signedIn, answers(chatSummarySchema), validate({ param: chatIdParamSchema, json: opponentBodySchema }), async (c) => {
    const { chatId } = valid(c, chatIdParamSchema);
    const { userId } = valid(c, opponentBodySchema);
    return ok(c, await messages.addOpponent(actorOf(c), chatId, userId));
  });

  r.delete("/messages/opponents/:chatId", allow.signedIn, answers(opponentRemovedSchema), validate({ param: chatIdParamSchema, json: opponentBodySchema }), async (c) => {
    const { chatId } = valid(c, chatIdParamSchema);
    const { userId } = valid(c, opponentBodySchema);
    return ok(c, await messages.removeOpponent(actorOf(c), chatId, userId));
  });

  r.get("/messages/:chatId", allow.signedIn, answers(listResultSchema(chatMessageViewSchema)), validate({ param: chatIdParamSchema, query: messagesQuerySchema }), async (c) => {
    const { chatId } = valid(c, chatIdParamSchema);
    const query = valid(c, messagesQuerySchema);
    return ok(c, await messages.messages(actorOf(c), chatId, query));
  });

  r.post("/messages/:chatId", allow.signedIn, answers(sentMessageSchema, 201), validate({ param: chatIdParamSchema }), idempotent(), async (c) => {
    const { chatId } = valid(c, chatIdParamSchema);
    const { fields, files } = await jsonOrMultipart(c);
    // A form's text is taken as typed, even when it looks like JSON.
    const raw = Object.keys(files).length || typeof fields.text !== "string" ? await rawFormText(c) : undefined;
    if (raw !== undefined) fields.text = raw;
    const input = parse(sendMessageSchema, fields);
    const uploads = [...(files.files ?? []), ...(files["files[]"] ?? [])];
    const others = Object.keys(files).filter((k) => k !== "files" && k !== "files[]");
    if (others.length) parse(sendMessageSchema, { ...fields, ...Object.fromEntries(others.map((k) => [k, "file"])) });
    return ok(c, await messages.send(actorOf(c), chatId, input, uploads), 201);
  });

  return r.app;
}
