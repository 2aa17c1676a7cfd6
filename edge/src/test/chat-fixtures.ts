/** Test data for the chat API: files of known types, sending, and starting chats through the API. */
import assert from "node:assert/strict";
import type { TestContext } from "./harness.ts";
import type { TestUser } from "./sync-fixtures.ts";

const bytes = (head: number[] | string, size: number) => {
  const out = new Uint8Array(size);
  out.set(typeof head === "string" ? new TextEncoder().encode(head) : head);
  for (let i = 16; i < size; i++) out[i] = i % 251;
  return out;
};

export const pdfFile = (name = "report.pdf", size = 2048) => new File([bytes("%PDF-1.4\n", size)], name, { type: "application/pdf" });
export const pngFile = (name = "photo.png", size = 1024) =>
  new File([bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], size)], name, { type: "image/png" });
/** Plain text: no recognisable type, whatever its name says. */
export const textFile = (name = "notes.pdf") => new File(["just some words"], name, { type: "application/pdf" });

export function form(fields: Record<string, string>, files: File[] = [], key = "files") {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const file of files) f.append(key, file);
  return f;
}

/** The direct chat of two people, through the API. */
export async function startChat(ctx: TestContext, from: TestUser, to: TestUser): Promise<string> {
  const res = await ctx.call("POST", `/messages/chat/${to.id}`, { token: from.token });
  assert.ok([200, 201].includes(res.status), JSON.stringify(res.body));
  return res.body.result.chatId;
}

/** Sends a text message; the manual clock moves a millisecond first, so messages have distinct times. */
export async function send(ctx: TestContext, from: TestUser, chatId: string, text = `hello ${crypto.randomUUID().slice(0, 6)}`) {
  ctx.clock.advance(1);
  const res = await ctx.call("POST", `/messages/${chatId}`, { token: from.token, body: { text } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.result;
}
