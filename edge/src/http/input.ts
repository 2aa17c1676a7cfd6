/** Reading request bodies and caller facts; validation itself is `parse` with a shared schema. */
import type { Context } from "hono";
import type { Actor } from "../access/actor.ts";
import type { RequestMeta } from "../deps.ts";
import type { AppEnv } from "./context.ts";
import { AppError, badRequest, unauthorized } from "./errors.ts";

export const unsupportedMediaType = () =>
  new AppError(415, "Unsupported content type: send JSON or multipart form data", { reason: "UNSUPPORTED_MEDIA_TYPE" });

function mediaType(c: Context): string {
  return (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

function hasBody(c: Context): boolean {
  return c.req.raw.body !== null && c.req.header("content-length") !== "0";
}

/** A JSON body; an empty body reads as `{}`. */
export async function jsonBody(c: Context): Promise<unknown> {
  if (!hasBody(c)) return {};
  if (mediaType(c) !== "application/json") throw unsupportedMediaType();
  try {
    return await c.req.json();
  } catch {
    throw badRequest("The request body is not valid JSON", { reason: "INVALID_JSON" });
  }
}

export type FormInput = { fields: Record<string, unknown>; files: Record<string, File[]> };

/**
 * JSON or multipart. In multipart, text fields that hold a JSON array or
 * object (lists like `agreements`) are decoded; files are kept apart.
 */
export async function jsonOrMultipart(c: Context): Promise<FormInput> {
  const type = mediaType(c);
  if (type !== "multipart/form-data") {
    const body = await jsonBody(c);
    // `null`, a list or a bare value has no fields to read: a client error, never a server failure.
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      throw badRequest("The request body must be a JSON object", { reason: "INVALID_JSON" });
    }
    return { fields: body as Record<string, unknown>, files: {} };
  }
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw badRequest("The form data could not be read", { reason: "INVALID_MULTIPART" });
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, File[]> = {};
  for (const [key, value] of Object.entries(body)) {
    const values = Array.isArray(value) ? value : [value];
    const fileValues = values.filter((v): v is File => typeof v !== "string");
    const textValues = values.filter((v): v is string => typeof v === "string");
    if (fileValues.length) files[key] = fileValues;
    if (textValues.length === 1) fields[key] = decodeJsonText(textValues[0]);
    else if (textValues.length > 1) fields[key] = textValues;
  }
  return { fields, files };
}

function decodeJsonText(text: string): unknown {
  const t = text.trim();
  if ((t.startsWith("[") && t.endsWith("]")) || (t.startsWith("{") && t.endsWith("}"))) {
    try {
      return JSON.parse(t);
    } catch {
      return text;
    }
  }
  return text;
}

/** The signed-in caller; routes guarded as signed-in always have one. */
export function actorOf(c: Context<AppEnv>): Actor {
  const actor = c.get("actor");
  if (!actor) throw unauthorized();
  return actor;
}

export function metaOf(c: Context<AppEnv>): RequestMeta {
  return { address: c.get("clientAddress"), device: c.req.header("user-agent") ?? "unknown device" };
}
