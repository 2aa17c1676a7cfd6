import type { z } from "zod";

export type FieldErrors = Record<string, string>;

/** The first message for each dotted path (`allergies.0.name`), as the server's `details.fields`. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".") || "form";
    errors[path] ??= issue.message;
  }
  return errors;
}

/** Runs a schema; returns the parsed value or the field errors. */
export function validate<T>(schema: z.ZodType<T>, values: unknown):
  | { ok: true; data: T }
  | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: zodFieldErrors(result.error) };
}
