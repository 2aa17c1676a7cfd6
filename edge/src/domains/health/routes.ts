/** `GET /health`: the process is up and the database answers. */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { answers } from "../../http/answers.ts";
import type { Deps } from "../../deps.ts";
import { ok } from "../../http/envelope.ts";
import { errorResponse } from "../../http/on-error.ts";
import { createRouter } from "../../http/router.ts";

/** The healthy answer (an unreachable database is a 503 error envelope). */
export const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.object({ status: z.literal("up"), kind: z.string(), latencyMs: z.number() }).strict(),
}).strict();
type Health = z.output<typeof healthSchema>;

export function healthRoutes(deps: Pick<Deps, "sql"> & { databaseKind: string }) {
  const r = createRouter();
  r.get("/health", allow.public, answers(healthSchema), async (c) => {
    const started = performance.now();
    try {
      await deps.sql`select 1`;
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      const health: Health = { status: "ok", database: { status: "up", kind: deps.databaseKind, latencyMs } };
      return ok(c, health);
    } catch {
      return errorResponse(c, 503, "Database unavailable", { database: { status: "down", kind: deps.databaseKind } });
    }
  });
  return r.app;
}
