/**
 * The one call of the public pages: `POST /api/v1/contactus` (01 §7).
 * Plain `fetch`, because a guest has no session for the shared client to
 * carry; the answer is the usual envelope (01 §3).
 */
import type { ErrorEnvelope } from "../../../../sync/envelope.ts";
import type { ContactUsInput } from "../../../../sync/schemas/contact-us.ts";

export const CONTACT_US_URL = "/api/v1/contactus";

export type FieldErrors = Partial<Record<keyof ContactUsInput, string>>;

export type SendResult =
  | { ok: true }
  | { ok: false; message: string; fields: FieldErrors };

const CONTACT_FIELDS: readonly (keyof ContactUsInput)[] = ["name", "email", "subject", "message"];

export const OFFLINE_MESSAGE = "We could not reach the server. Check your connection and try again.";
export const BROKEN_ANSWER_MESSAGE = "Something went wrong on our side. Please try again later.";

export async function sendContactMessage(input: ContactUsInput): Promise<SendResult> {
  let response: Response;
  try {
    response = await globalThis.fetch(CONTACT_US_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(input),
    });
  } catch {
    return { ok: false, message: OFFLINE_MESSAGE, fields: {} };
  }

  const body: unknown = await response.json().catch(() => null);
  if (isRecord(body) && body.status === "success") return { ok: true };
  if (isErrorEnvelope(body)) {
    return { ok: false, message: body.message, fields: pickContactFields(body.details?.fields) };
  }
  return { ok: false, message: BROKEN_ANSWER_MESSAGE, fields: {} };
}

/** Keeps the server's field messages that belong to this form; keys may be dotted paths. */
function pickContactFields(fields: unknown): FieldErrors {
  const picked: FieldErrors = {};
  if (!isRecord(fields)) return picked;
  for (const [path, message] of Object.entries(fields)) {
    const field = path.split(".")[0] as keyof ContactUsInput;
    if (CONTACT_FIELDS.includes(field) && typeof message === "string" && !picked[field]) {
      picked[field] = message;
    }
  }
  return picked;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return isRecord(value) && value.status === "error" && typeof value.message === "string";
}
