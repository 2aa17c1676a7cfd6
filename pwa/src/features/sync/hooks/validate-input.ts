import type { z } from "zod";

/** Parses a document made on the device with its shared schema; the first problem becomes the message. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new Error(parsed.error.issues[0]?.message ?? "Invalid input");
}

/** RxDB keeps `_deleted` itself. */
export function withoutDeleted<T extends { _deleted: boolean }>(doc: T): Omit<T, "_deleted"> {
  const { _deleted: _, ...rest } = doc;
  return rest;
}

/** An ISO timestamp as `Date.prototype.toISOString()` writes it (the shared schemas require that form). */
export const deviceNow = () => new Date().toISOString();
