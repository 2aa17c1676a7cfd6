/**
 * One answer per idempotency key (02 §4 `POST /payments/stripe/subscribe`): the first request with a key runs;
 * a request repeating it waits for that answer and gets the same one, success or refusal; the same key for
 * another request is refused. An unexpected failure frees the key, so a retry can try again.
 */
import type { Sql } from "../../db/connect.ts";
import { AppError, conflict } from "../../http/errors.ts";
import type { createMembershipsRepo } from "./repo.ts";

type Stored<T> = { ok?: T; error?: { status: number; message: string; details: Record<string, unknown> } } | null;

export async function answerOnce<T>(
  sql: Sql,
  repo: Pick<ReturnType<typeof createMembershipsRepo>, "claimRequest" | "request" | "finishRequest" | "dropRequest">,
  o: { patientId: string; key: string; hash: string },
  run: () => Promise<T>,
): Promise<T> {
  if (!(await repo.claimRequest(sql, o.patientId, o.key, o.hash))) {
    // Another request with this key runs or ran: wait for its answer.
    for (let i = 0; i < 600; i++) {
      const prior = await repo.request(sql, o.patientId, o.key);
      if (prior && prior.request_hash !== o.hash) {
        throw conflict("This request key was already used for another request", "IDEMPOTENCY_KEY_REUSED");
      }
      const result = prior?.result as Stored<T>;
      if (result?.ok) return result.ok;
      if (result?.error) throw new AppError(result.error.status, result.error.message, result.error.details as never);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw conflict("The same request is still being processed", "REQUEST_IN_PROGRESS");
  }
  try {
    const ok = await run();
    await repo.finishRequest(sql, o.patientId, o.key, { ok });
    return ok;
  } catch (e) {
    if (e instanceof AppError) {
      await repo.finishRequest(sql, o.patientId, o.key, { error: { status: e.status, message: e.message, details: e.details } });
    } else {
      await repo.dropRequest(sql, o.patientId, o.key);
    }
    throw e;
  }
}
