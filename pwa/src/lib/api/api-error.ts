import type { ErrorDetails } from "../../../../sync/envelope.ts";
import { type FieldErrors, readFieldErrors } from "../../../../sync/field-errors.ts";

export const BROKEN_RESPONSE_MESSAGE = "Broken server response";
export const NETWORK_ERROR_MESSAGE = "Cannot reach the server. Check your internet connection and try again.";

/** HTTP status 0 marks a request that never got an answer (01 §8 "no code"). */
export const NETWORK_ERROR_CODE = 0;

type ApiErrorInit = { message: string; code: number; details?: ErrorDetails };

/** The one error type every failed `/api/v1` call becomes. */
export class ApiError extends Error {
  readonly code: number;
  readonly details: ErrorDetails;

  constructor({ message, code, details = {} }: ApiErrorInit) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.details = details;
  }

  /** True when the request never reached the server (offline, DNS, CORS, aborted socket). */
  get isNetworkError(): boolean {
    return this.code === NETWORK_ERROR_CODE;
  }

  /** Field errors of a 400 answer, keyed by dotted path (`details.fields`). */
  get fieldErrors(): FieldErrors {
    return readFieldErrors(this.details.fields);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A message fit for a snackbar, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return "Something went wrong. Please try again.";
}
