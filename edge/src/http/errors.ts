/** The one error type services throw; `on-error.ts` turns it into the envelope. */
import type { ErrorDetails } from "../../../sync/envelope.ts";

export class AppError extends Error {
  readonly status: number;
  readonly details: ErrorDetails;
  constructor(status: number, message: string, details: ErrorDetails = {}) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.details = details;
  }
}

export const badRequest = (message: string, details: ErrorDetails = {}) => new AppError(400, message, details);
export const unauthorized = (message = "Unauthorized", reason = "UNAUTHORIZED") =>
  new AppError(401, message, { reason });
export const forbidden = (message = "Forbidden", reason = "FORBIDDEN") => new AppError(403, message, { reason });
export const notFound = (message = "Not found") => new AppError(404, message, { reason: "NOT_FOUND" });
export const conflict = (message: string, reason: string) => new AppError(409, message, { reason });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, "Too many attempts. Please wait and try again.", { reason: "RATE_LIMITED", retryAfterSeconds });
