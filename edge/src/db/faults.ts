/**
 * What the edge does when its database goes away (a restart, a dropped connection, a failover):
 *
 * - `isDatabaseUnavailable(error)`: the driver's connection errors and PostgreSQL's "shutting down /
 *   starting up" codes. The error handler answers them 503 with `Retry-After` (never 500): the request
 *   changed nothing the client can see, and may be sent again.
 * - `containDriverFaults(log)`: postgres.js can reject a query it has already given up on outside any
 *   caller's await (a write buffered behind `setImmediate` when the socket closed: porsager/postgres#1154,
 *   #1208, patched in `edge/patches/postgres+3.4.9.patch` so it rejects instead of throwing). Such a rejection has
 *   no one to handle it, and Deno ends the process on an unhandled rejection; this logs it and keeps the
 *   process serving. Any other unhandled rejection keeps Deno's default (the process ends: a defect).
 */
import type { Logger } from "../platform/log.ts";

/** postgres.js connection failures and the socket errors it passes on. */
const DRIVER_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "CONNECTION_ENDED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTCONN",
]);
/** PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, connection_failure. */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "08006", "08001", "08004"]);

/** Seconds a client is told to wait before sending again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && (DRIVER_CODES.has(code) || SERVER_CODES.has(code));
}

/** Installs the process-wide containment once (main.ts); returns a function that removes it (tests). */
export function containDriverFaults(log: Pick<Logger, "warn">): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    if (!isDatabaseUnavailable(event.reason)) return;
    event.preventDefault();
    log.warn("a database query failed with its connection and no caller was waiting", {
      code: (event.reason as { code: string }).code,
    });
  };
  globalThis.addEventListener("unhandledrejection", onRejection);
  return () => globalThis.removeEventListener("unhandledrejection", onRejection);
}
