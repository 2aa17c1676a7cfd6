/** One-time link tokens (activation, password reset, VMA invitation), stored as hashes. */
import type { Sql } from "../../db/connect.ts";
import { randomSecret, sha256 } from "../../access/tokens.ts";

export type LinkPurpose = "activation" | "reset" | "vma_invite";

export function createLinkTokens(sql: Sql) {
  return {
    /** Issues a new token, invalidating earlier unused ones of the same purpose. */
    async issue(userId: string, purpose: LinkPurpose, expiresAt: Date): Promise<string> {
      const token = randomSecret();
      await sql.begin(async (tx) => {
        await tx`update user_tokens set used_at = now() where user_id = ${userId} and purpose = ${purpose} and used_at is null`;
        await tx`insert into user_tokens (token_hash, user_id, purpose, expires_at)
          values (${await sha256(token)}, ${userId}, ${purpose}, ${expiresAt})`;
      });
      return token;
    },
    /** The user id of a live token, without using it. */
    async peek(token: string, purpose: LinkPurpose, now: Date): Promise<string | null> {
      const [row] = await sql<{ user_id: string }[]>`select user_id from user_tokens
        where token_hash = ${await sha256(token)} and purpose = ${purpose} and used_at is null and expires_at > ${now}`;
      return row?.user_id ?? null;
    },
    /** Uses a live token once; returns its user id or null. */
    async consume(token: string, purpose: LinkPurpose, now: Date): Promise<string | null> {
      const [row] = await sql<{ user_id: string }[]>`update user_tokens set used_at = ${now}
        where token_hash = ${await sha256(token)} and purpose = ${purpose} and used_at is null and expires_at > ${now}
        returning user_id`;
      return row?.user_id ?? null;
    },
  };
}
export type LinkTokens = ReturnType<typeof createLinkTokens>;
