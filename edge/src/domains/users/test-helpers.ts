/** Helpers shared by the users API tests. */
import assert from "node:assert/strict";
import type { TestContext } from "../../test/harness.ts";

export const INVALID_CODE = "Invalid phone verification code";
export const NOBODY = "00000000-0000-4000-8000-000000000000";

/** The newest six-digit code sent by SMS to a phone. */
export async function smsCode(ctx: TestContext, phone: string): Promise<string> {
  const sms = await ctx.lastMessage(phone);
  assert.ok(sms, `an SMS to ${phone} is in the outbox`);
  const match = /\b(\d{6})\b/.exec(sms.body);
  assert.ok(match, `a six-digit code in: ${sms.body}`);
  return match[1];
}

/** A code that is surely not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

export async function emailOf(ctx: TestContext, id: string): Promise<string> {
  const [row] = await ctx.sql<{ email: string }[]>`select email from users where id = ${id}`;
  return row.email;
}
