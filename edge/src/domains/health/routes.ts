/** `GET /health`: the process is up and the database answers. */
import { allow } from "../../access/policy.ts";
import type { Deps } from "../../deps.ts";
import { ok } from "../../http/envelope.ts";
import { errorResponse } from "../../http/on-error.ts";
import { createRouter } from "../../http/router.ts";

export function healthRoutes(deps: Pick<Deps, "sql"> & { databaseKind: string }) {
  const r = createRouter();
  r.get("/health", allow.public, async (c) => {
    const started = performance.now();
    try {
      await deps.sql`select 1`;
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      return ok(c, { status: "ok", database: { status: "up", kind: deps.databaseKind, latencyMs } });
    } catch {
      return errorResponse(c, 503, "Database unavailable", { database: { status: "down", kind: deps.databaseKind } });
    }
  });
  return r.app;
}
