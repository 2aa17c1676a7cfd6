/** Validates outside input with the shared zod schemas; failures become a 400 naming each field. */
import type { z } from "zod";
import { badRequest } from "./errors.ts";

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      // Name each unknown field, so the client can point at it.
      for (const k of issue.keys) fields[[...issue.path, k].map(String).join(".")] ??= "Unknown field";
      continue;
    }
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw badRequest("Please correct the highlighted fields", {
      reason: "VALIDATION_FAILED",
      fields: fieldErrors(result.error),
    });
  }
  return result.data;
}
