/**
 * The one call of the public pages: `POST /api/v1/contactus` (01 §7).
 * Plain `fetch`, because a guest has no session for the shared client to
 * carry; the answer is the usual envelope (01 §3).
 */
import type { ErrorEnvelope } from "../../../../sync/envelope.ts";
import type { ContactUsInput } from "../../../../sync/schemas/contact-us.ts";
import { ApiError, NETWORK_ERROR_CODE } from "../../lib/api/api-error.ts";

export const CONTACT_US_URL = "/api/v1/contactus";

export const OFFLINE_MESSAGE = "We could not reach the server. Check your connection and try again.";
export const BROKEN_ANSWER_MESSAGE = "Something went wrong on our side. Please try again later.";

/** Sends the message; a refusal throws the envelope's message and `details.fields` as an `ApiError`. */
export async function sendContactMessage(input: ContactUsInput): Promise<void> {
  let response: Response;
  try {
    response = await globalThis.fetch(CONTACT_US_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(input),
    });
  } catch {
    throw new ApiError({ message: OFFLINE_MESSAGE, code: NETWORK_ERROR_CODE });
  }

  const body: unknown = await response.json().catch(() => null);
  if (isRecord(body) && body.status === "success") return;
  if (isErrorEnvelope(body)) {
    throw new ApiError({ message: body.message, code: response.status, details: isRecord(body.details) ? body.details : {} });
  }
  throw new ApiError({ message: BROKEN_ANSWER_MESSAGE, code: response.status });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return isRecord(value) && value.status === "error" && typeof value.message === "string";
}
