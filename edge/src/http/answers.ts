/**
 * What a route answers: `answers(schema)` declares the zod schema of the envelope's `result`, beside the
 * route's `guard` (router.ts) and `validate` (validate.ts). The OpenAPI generator (openapi.ts) documents it,
 * the PWA's typed client (pwa/src/lib/api-types.ts, generated from that document) is typed by it, and where
 * `CHECK_ANSWERS` is on (tests, development) `answerCheck` compares every success answer with it, so the
 * description cannot drift from the code (see edge/docs/api.md).
 */
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { findTargetHandler } from "hono/utils/handler";
import { z } from "zod";
import { zodFieldErrors } from "../../../sync/field-errors.ts";
import type { AppEnv } from "./context.ts";
import { errorResponse } from "./on-error.ts";
import type { Logger } from "../platform/log.ts";

const RESULT = Symbol("declaredResult");

/** A JSON envelope whose `result` follows `schema`, or a file (PDF, CSV, an image) of one of `types`. */
export type Answer =
  | { schema: z.ZodType; status: 200 | 201 | 202 }
  | { file: readonly string[]; status: 200 }
  | { empty: true; status: 204 };

const declare = (answer: Answer): MiddlewareHandler<AppEnv> => {
  const mw: MiddlewareHandler<AppEnv> = async (_c, next) => {
    await next();
  };
  return Object.assign(mw, { [RESULT]: answer });
};

/** Declares the success answer's `result`; the handler still answers with `ok(c, value)`. */
export const answers = (schema: z.ZodType, status: 200 | 201 | 202 = 200): MiddlewareHandler<AppEnv> => declare({ schema, status });

/** Declares an answer with no body (204), e.g. a report the browser sends and reads nothing of. */
export const answersNothing = (): MiddlewareHandler<AppEnv> => declare({ empty: true, status: 204 });

/** Declares a file answer (not an envelope) by its media types: `answersFile("application/pdf")`, or "application/octet-stream" for any stored file. */
export const answersFile = (...types: string[]): MiddlewareHandler<AppEnv> => declare({ file: types, status: 200 });

/** The answer a handler declares, or null for any other handler (read by the generator and the check). */
export const declaredAnswer = (h: unknown): Answer | null =>
  typeof h === "function" && RESULT in h ? (h as unknown as { [RESULT]: Answer })[RESULT] : null;

/** The success envelope around a result schema, as the document and the check see it. */
export const successEnvelope = (result: z.ZodType) => z.object({ status: z.literal("success"), result }).strict();

function declaredFor(c: Context): Answer | null {
  for (const route of matchedRoutes(c)) {
    // A sub-app mounted on an app with an error handler has its handlers wrapped: the declaration is inside.
    const answer = declaredAnswer(findTargetHandler(route.handler));
    if (answer) return answer;
  }
  return null;
}

/**
 * Checks each JSON success answer against its route's declared result; a mismatch is answered 500
 * (`ANSWER_MISMATCH`, the differing paths in `details.fields`) and logged, so a test that called it fails.
 * Only where `CHECK_ANSWERS` is on: production answers are never re-read.
 */
export function answerCheck(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status < 200 || c.res.status >= 300) return;
    if (!(c.res.headers.get("content-type") ?? "").includes("application/json")) return;
    const answer = declaredFor(c);
    if (!answer || !("schema" in answer)) return;
    const body = await c.res.clone().json().catch(() => undefined);
    const checked = successEnvelope(answer.schema).safeParse(body);
    if (checked.success) return;
    const fields = zodFieldErrors(checked.error);
    log.error("an answer differs from its declared result", { method: c.req.method, path: c.req.routePath, fields });
    c.res = errorResponse(c, 500, "The answer differs from its declared result", { reason: "ANSWER_MISMATCH", fields });
  };
}
