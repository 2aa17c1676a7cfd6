/**
 * HTTP for chat (01 §7 "Chat", `/users/chat/opponents`, `/users/counters`).
 * Static paths come before `/messages/:chatId`, and this router before the
 * users router's `/users/:id`.
 */
import type { Context } from "hono";
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, jsonBody, jsonOrMultipart } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { parse } from "../../http/validate.ts";
import {
  chatIdParamSchema,
  chatsQuerySchema,
  exportIdParamSchema,
  fileIdParamSchema,
  membersQuerySchema,
  messagesQuerySchema,
  opponentBodySchema,
  opponentsQuerySchema,
  sendMessageSchema,
  userIdParamSchema,
} from "../../../../sync/schemas/chat.ts";
import type { ChatExports } from "./export.ts";
import type { MessagesService } from "./service.ts";

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266). */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

async function rawFormText(c: Context): Promise<string | undefined> {
  if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) return undefined;
  const text = (await c.req.parseBody({ all: true })).text;
  return typeof text === "string" ? text : undefined;
}

export function messagesRoutes(messages: MessagesService, exports: ChatExports) {
  const r = createRouter();

  r.get("/users/counters", allow.signedIn, async (c) => ok(c, await messages.counters(actorOf(c))));

  r.get("/users/chat/opponents", allow.signedIn, async (c) => {
    const query = parse(opponentsQuerySchema, c.req.query());
    return ok(c, await messages.opponents(actorOf(c), query));
  });

  r.get("/messages/chats", allow.signedIn, async (c) => {
    const query = parse(chatsQuerySchema, c.req.query());
    return ok(c, await messages.chats(actorOf(c), query));
  });

  r.get("/messages/support", allow.signedIn, async (c) => ok(c, await messages.support(actorOf(c))));

  r.get("/messages/members/:chatId", allow.signedIn, async (c) => {
    const { chatId } = parse(chatIdParamSchema, c.req.param());
    const query = parse(membersQuerySchema, c.req.query());
    return ok(c, await messages.members(actorOf(c), chatId, query));
  });

  r.post("/messages/read/:chatId", allow.signedIn, async (c) => {
    const { chatId } = parse(chatIdParamSchema, c.req.param());
    return ok(c, await messages.read(actorOf(c), chatId));
  });

  r.post("/messages/chat/export/:chatId", allow.signedIn, async (c) => {
    const { chatId } = parse(chatIdParamSchema, c.req.param());
    return ok(c, await exports.start(actorOf(c), chatId), 202);
  });

  r.get("/messages/exports/:exportId", allow.signedIn, async (c) => {
    const { exportId } = parse(exportIdParamSchema, c.req.param());
    const file = await exports.download(actorOf(c), exportId);
    c.header("Content-Type", "application/pdf");
    c.header("Content-Disposition", attachment(file.filename));
    c.header("Cache-Control", "private, no-store");
    return c.body(file.data as Uint8Array<ArrayBuffer>);
  });

  r.get("/messages/files/:fileId", allow.signedIn, async (c) => {
    const { fileId } = parse(fileIdParamSchema, c.req.param());
    const { file, body } = await messages.download(actorOf(c), fileId);
    c.header("Content-Type", file.contentType);
    c.header("Content-Length", String(file.size));
    c.header("Content-Disposition", attachment(file.name));
    c.header("Cache-Control", "private, no-store");
    return c.body(body);
  });

  r.post("/messages/chat/:userId", allow.signedIn, async (c) => {
    const { userId } = parse(userIdParamSchema, c.req.param());
    const { chat, created } = await messages.startChat(actorOf(c), userId);
    return ok(c, chat, created ? 201 : 200);
  });

  r.post("/messages/opponents/:chatId", allow.signedIn, async (c) => {
    const { chatId } = parse(chatIdParamSchema, c.req.param());
    const { userId } = parse(opponentBodySchema, await jsonBody(c));
    return ok(c, await messages.addOpponent(actorOf(c), chatId, userId));
  });

  r.delete("/messages/opponents/:chatId", allow.signedIn, async (c) => {
    const { chatId } = parse(chatIdParamSchema, c.req.param());
    const { userId } = parse(opponentBodySchema, await jsonBody(c));
    return ok(c, await messages.removeOpponent(actorOf(c), chatId, userId));
  });

  r.get("/messages/:chatId", allow.signedIn, async (c) => {
    const { chatId } = parse(chatIdParamSchema, c.req.param());
    const query = parse(messagesQuerySchema, c.req.query());
    return ok(c, await messages.messages(actorOf(c), chatId, query));
  });

  r.post("/messages/:chatId", allow.signedIn, async (c) => {
    const { chatId } = parse(chatIdParamSchema, c.req.param());
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
