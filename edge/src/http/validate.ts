/**
 * Validates outside input with the shared zod schemas; failures become a 400 naming each field.
 *
 * A route declares its inputs with the `validate` middleware (path parameters, query,
 * JSON body, or multipart form fields); the handler reads the parsed values with
 * `valid(c, schema)`. The middleware carries its schemas (the `INPUTS` tag) so the
 * OpenAPI generator (openapi.ts) documents exactly what is enforced.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { zodFieldErrors } from "../../../sync/field-errors.ts";
import { isStorableText, UNSTORABLE_TEXT } from "../../../sync/rules/storable-text.ts";
import type { AppEnv } from "./context.ts";
import { badRequest } from "./errors.ts";
import { type FormInput, jsonBody, jsonOrMultipart } from "./input.ts";

/** At most this many unstorable strings are named in one answer. */
const UNSTORABLE_NAMED = 20;

/**
 * The paths (as `zodFieldErrors` names them) of the strings in an input, keys included, that PostgreSQL could not
 * store (`isStorableText`): refused before any schema, so a route whose schema forgot it answers 400, not 500.
 * Walked with a stack of its own: a deeply nested body cannot overflow the call stack.
 */
export function unstorablePaths(input: unknown): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[input, ""]];
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  while (stack.length > 0 && found.length < UNSTORABLE_NAMED) {
    const [value, path] = stack.pop()!;
    if (typeof value === "string") {
      if (!isStorableText(value)) found.push(path || "_");
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], join(path, i)]);
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) found.push(join(path, key));
        stack.push([item, join(path, key)]);
      }
    }
  }
  return found;
}

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const unstorable = unstorablePaths(input);
  if (unstorable.length > 0) {
    throw badRequest("Please correct the highlighted fields", {
      reason: "VALIDATION_FAILED",
      fields: Object.fromEntries(unstorable.map((path) => [path, UNSTORABLE_TEXT])),
    });
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    throw badRequest("Please correct the highlighted fields", {
      reason: "VALIDATION_FAILED",
      fields: zodFieldErrors(result.error),
    });
  }
  return result.data;
}

/**
 * Where an input comes from: `param` (path), `query`, `json` (a JSON body; empty reads as `{}`)
 * or `form` (JSON or multipart; the schema checks the text fields, files are read with `formFiles`).
 */
export type InputTarget = "param" | "query" | "json" | "form";
export type Inputs = Partial<Record<InputTarget, z.ZodType>>;

const INPUTS = Symbol("validatedInputs");

/** What `validate` parsed for this request, kept in the context as `inputs`. */
export type ParsedInputs = { values: Map<z.ZodType, unknown>; form?: FormInput };

/** Parses the declared inputs before the handler; the first failing input answers 400. */
export function validate(inputs: Inputs): MiddlewareHandler<AppEnv> {
  const schemas = Object.values(inputs);
  // `valid(c, schema)` finds a value by its schema, so one schema object may serve one input only.
  if (new Set(schemas).size !== schemas.length) throw new Error("validate(): one schema object per input");
  const mw: MiddlewareHandler<AppEnv> = async (c, next) => {
    const parsed: ParsedInputs = { values: new Map() };
    for (const [target, schema] of Object.entries(inputs) as [InputTarget, z.ZodType][]) {
      let raw: unknown;
      if (target === "param") raw = c.req.param();
      else if (target === "query") raw = c.req.query();
      else if (target === "json") raw = await jsonBody(c);
      else {
        parsed.form = await jsonOrMultipart(c);
        raw = parsed.form.fields;
      }
      parsed.values.set(schema, parse(schema, raw));
    }
    c.set("inputs", parsed);
    await next();
  };
  return Object.assign(mw, { [INPUTS]: inputs });
}

/** The value `validate` parsed with this schema; asking for an undeclared schema is a programming error. */
export function valid<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  const parsed = c.get("inputs");
  if (!parsed?.values.has(schema)) throw new Error("valid(): this schema is not declared by the route's validate()");
  return parsed.values.get(schema) as z.output<S>;
}

/** The files of a multipart body declared with `validate({ form })`. */
export function formFiles(c: Context<AppEnv>): Record<string, File[]> {
  return c.get("inputs")?.form?.files ?? {};
}

/** The inputs a `validate` middleware declares, or null for any other handler. */
export const declaredInputs = (h: unknown): Inputs | null =>
  typeof h === "function" && INPUTS in h ? (h as unknown as { [INPUTS]: Inputs })[INPUTS] : null;
