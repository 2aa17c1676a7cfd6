/**
 * The one mapping from zod issues to field errors: the edge's 400 `details.fields` and the PWA's
 * forms both use it, so a field's error has the same key and message whichever side found it.
 */
import type { z } from "zod";

/** Dotted path (`allergies.0.name`) → the first message for it. */
export type FieldErrors = Record<string, string>;

/** The key of an issue about the whole input rather than one field. */
export const WHOLE_INPUT = "_";

/** The dotted key of a zod issue path; the whole input is `_`. */
export const fieldPath = (path: readonly PropertyKey[]): string => (path.length ? path.map(String).join(".") : WHOLE_INPUT);

/** The first message per dotted path; each unknown key of a strict object is named on its own. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      // Name each unknown field, so the client can point at it.
      for (const key of issue.keys) fields[fieldPath([...issue.path, key])] ??= "Unknown field";
      continue;
    }
    fields[fieldPath(issue.path)] ??= issue.message;
  }
  return fields;
}

/** Runs a schema: the parsed value, or the field errors as the edge would answer them. */
export function validate<T>(schema: z.ZodType<T>, values: unknown):
  | { ok: true; data: T }
  | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: zodFieldErrors(result.error) };
}

/** The string messages of an error envelope's `details.fields` (anything else in it is ignored). */
export function readFieldErrors(fields: unknown): FieldErrors {
  const result: FieldErrors = {};
  if (!fields || typeof fields !== "object" || Array.isArray(fields)) return result;
  for (const [path, message] of Object.entries(fields)) {
    if (typeof message === "string") result[path] = message;
  }
  return result;
}
