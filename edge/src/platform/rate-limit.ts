/**
 * Fixed-window counters in the database, so several edge processes share them.
 * `hit` counts one attempt and throws 429 once the window's budget is spent.
 */
import type { Sql } from "../db/connect.ts";
import { tooManyRequests } from "../http/errors.ts";
import type { Clock } from "./clock.ts";

export type RateRule = { limit: number; windowSeconds: number };

export function createRateLimiter(sql: Sql, clock: Clock) {
  return {
    async hit(key: string, rule: RateRule): Promise<void> {
      const now = clock.now();
      const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
      const [row] = await sql<{ hits: number; window_start: Date }[]>`
        insert into rate_limits (key, window_start, hits) values (${key}, ${now}, 1)
        on conflict (key) do update set
          hits = case when rate_limits.window_start <= ${windowStart} then 1 else rate_limits.hits + 1 end,
          window_start = case when rate_limits.window_start <= ${windowStart} then ${now} else rate_limits.window_start end
        returning hits, window_start`;
      if (row.hits > rule.limit) {
        const reset = row.window_start.getTime() + rule.windowSeconds * 1000;
        throw tooManyRequests(Math.max(1, Math.ceil((reset - now.getTime()) / 1000)));
      }
    },
    /** Throws 429 when the key has already spent its window's budget; counts nothing. */
    async check(key: string, rule: RateRule): Promise<void> {
      const now = clock.now();
      const [row] = await sql<{ hits: number; window_start: Date }[]>`
        select hits, window_start from rate_limits where key = ${key}`;
      if (!row) return;
      const reset = row.window_start.getTime() + rule.windowSeconds * 1000;
      if (reset > now.getTime() && row.hits >= rule.limit) {
        throw tooManyRequests(Math.max(1, Math.ceil((reset - now.getTime()) / 1000)));
      }
    },
    async clear(key: string) {
      await sql`delete from rate_limits where key = ${key}`;
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
