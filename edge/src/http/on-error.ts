/** The single mapping from thrown errors to the error envelope. */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorDetails } from "../../../sync/envelope.ts";
import type { Logger } from "../platform/log.ts";
import { AppError } from "./errors.ts";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/faults.ts";

export function errorResponse(c: Context, status: number, message: string, details: ErrorDetails = {}) {
  return c.json({ status: "error" as const, message, code: status, details }, status as ContentfulStatusCode);
}

export function createErrorHandler(log: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof AppError) {
      const bearer = err.status === 401 ? bearerChallenge(err.details.reason) : null;
      if (bearer) c.header("WWW-Authenticate", bearer);
      // A body refused as too large was not read to its end: the connection cannot carry another request.
      if (err.status === 413) c.header("Connection", "close");
      if (err.status === 429 && typeof err.details.retryAfterSeconds === "number") {
        c.header("Retry-After", String(err.details.retryAfterSeconds));
      }
      return errorResponse(c, err.status, err.message, err.details);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const message = status === 413 ? "The request is too large" : err.message || "Bad request";
      if (status === 413) c.header("Connection", "close");
      return errorResponse(c, status, message, { reason: status === 413 ? "PAYLOAD_TOO_LARGE" : "HTTP_ERROR" });
    }
    const requestId = (c.get("requestId") as string | undefined) ?? crypto.randomUUID();
    if (isDatabaseUnavailable(err)) {
      // The database is restarting or unreachable: nothing was stored that the client can see; send again later.
      log.warn("database unavailable", { requestId, method: c.req.method, path: c.req.path, code: (err as { code?: string }).code });
      c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
      return errorResponse(c, 503, "The service is briefly unavailable. Please try again in a few seconds.", {
        reason: "DATABASE_UNAVAILABLE",
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      });
    }
    log.error("unhandled error", { requestId, method: c.req.method, path: c.req.path, error: describe(err) });
    return errorResponse(c, 500, "Unexpected error. Please try again later.", { requestId });
  };
}

/**
 * RFC 6750 §3: a refused token gets `error="invalid_token"`; a protected route
 * called without any token gets the bare challenge.
 */
function bearerChallenge(reason: unknown): string | null {
  if (reason === "TOKEN_MISSING") return "Bearer";
  if (typeof reason === "string" && reason.startsWith("TOKEN_")) return 'Bearer error="invalid_token"';
  return null;
}

/** Name and message only: stack traces and SQL stay out of logs shared with support. */
function describe(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message.slice(0, 200)}`;
  return String(err).slice(0, 200);
}
