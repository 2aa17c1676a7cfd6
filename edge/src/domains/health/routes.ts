/**
 * Health for load balancers and supervisors (issue 34):
 * - `GET /health/live`: the process answers (no database call): restart it when this fails.
 * - `GET /health/ready` (and `GET /health`): the database answers within `READY_TIMEOUT_MS`: send traffic
 *   here. A database that is down or slow is a 503 with `Retry-After`, told within that bound.
 * The public answer names no database kind or version.
 */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { answers } from "../../http/answers.ts";
import type { Deps } from "../../deps.ts";
import { ok } from "../../http/envelope.ts";
import { errorResponse } from "../../http/on-error.ts";
import { createRouter } from "../../http/router.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../db/faults.ts";

export const READY_TIMEOUT_MS = 2_000;

/** The ready answer (an unreachable database is a 503 error envelope). */
export const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.object({ status: z.literal("up"), latencyMs: z.number() }).strict(),
}).strict();
export const liveSchema = z.object({ status: z.literal("ok") }).strict();

export function healthRoutes(deps: Pick<Deps, "sql">) {
  const r = createRouter();
  r.get("/health/live", allow.public, answers(liveSchema), (c) => ok(c, { status: "ok" as const }));
  for (const path of ["/health", "/health/ready"]) {
    r.get(path, allow.public, answers(healthSchema), async (c) => {
      const started = performance.now();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => timer = setTimeout(() => reject(new Error("timeout")), READY_TIMEOUT_MS));
      try {
        await Promise.race([deps.sql`select 1`, late]);
        const latencyMs = Math.round((performance.now() - started) * 10) / 10;
        return ok(c, { status: "ok" as const, database: { status: "up" as const, latencyMs } });
      } catch {
        c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
        return errorResponse(c, 503, "Database unavailable", { reason: "DATABASE_UNAVAILABLE", database: { status: "down" } });
      } finally {
        clearTimeout(timer);
      }
    });
  }
  return r.app;
}
