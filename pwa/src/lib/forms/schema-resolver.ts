import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, FieldValues, Resolver, FieldErrors as RhfErrors } from "react-hook-form";
import type { z } from "zod";
import { type FieldErrors, validate } from "../../../../sync/field-errors.ts";

type SchemaResolverOptions<V, T> = {
  schema: z.ZodType<T>;
  toInput?: (values: V) => unknown;
  extraCheck?: (values: V) => FieldErrors;
};

/**
 * A react-hook-form resolver running a shared zod schema. Its issues are mapped by
 * `sync/field-errors.ts`, the mapping of the edge's `details.fields`, so a field's error has the
 * same key and message whichever side found it (`zodResolver` would key a whole-input issue
 * as `""` and keep no name for an unknown key).
 */
export function schemaResolver<V extends FieldValues, T>(
  { schema, toInput, extraCheck }: SchemaResolverOptions<V, T>,
): Resolver<V, unknown, T> {
  return (values, _context, options) => {
    const result = validate(schema, toInput ? toInput(values) : values);
    const extra = extraCheck?.(values) ?? {};
    const all = { ...(result.ok ? {} : result.errors), ...extra };
    if (result.ok && Object.keys(all).length === 0) return { values: result.data, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const [path, message] of Object.entries(all)) flat[path] = { type: "validation", message };
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

/** The properties of react-hook-form's error itself, beside which a leaf may hold its entries' errors. */
const ERROR_KEYS = new Set(["type", "message", "ref", "types"]);

/**
 * react-hook-form's nested errors as dotted paths, in the order they were set. Its own
 * form-level errors (`root`) are left out; a list's error kept at `list.root` reads as `list`.
 */
export function flattenErrors(errors: RhfErrors): FieldErrors {
  const flat: FieldErrors = {};
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    const leaf = path !== "" && typeof record.type === "string";
    if (leaf && typeof record.message === "string" && record.message) flat[path] ??= record.message;
    for (const [key, child] of Object.entries(record)) {
      if (leaf && ERROR_KEYS.has(key)) continue;
      if (key === "root") {
        if (path) walk(child, path);
        continue;
      }
      walk(child, path ? `${path}.${key}` : key);
    }
  };
  walk(errors, "");
  return flat;
}
