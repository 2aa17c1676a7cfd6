/**
 * Stripe's form encoding: `a[b][c]=v`, arrays as `a[0]=v` or `a[]=v`. Turned into plain nested objects; keys that are
 * all integers become arrays (in index order).
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Params = Record<string, any>;

export function parseForm(text: string): Params {
  const root: Params = {};
  if (!text) return root;
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const keys = splitKey(rawKey);
    let node: any = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const name = key === "" ? String(Object.keys(node).length) : key;
      if (last) node[name] = value;
      else node = node[name] ??= {};
    });
  }
  return arrayify(root);
}

function splitKey(key: string): string[] {
  const first = key.indexOf("[");
  if (first < 0) return [key];
  const parts = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1]);
  return parts;
}

function arrayify(node: any): any {
  if (typeof node !== "object" || node === null) return node;
  const keys = Object.keys(node);
  for (const key of keys) node[key] = arrayify(node[key]);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.map(Number).sort((a, b) => a - b).map((k) => node[String(k)]);
  }
  return node;
}

/** Empty string means "unset" in Stripe's API (e.g. `metadata[key]=`, `default_payment_method=`). */
export function isUnset(value: unknown): boolean {
  return value === "";
}

export function asInt(value: unknown, param: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string" || !/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${String(value)}`, param);
  return Number(value);
}

export function asBool(value: unknown, param: string): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  throw invalid(`Invalid boolean: ${String(value)}`, param);
}

export function asString(value: unknown, param: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalid(`Invalid string: ${JSON.stringify(value)}`, param);
  if (value.includes("\u0000")) throw invalid("Invalid string: contains NUL", param);
  return value;
}

export function required<T>(value: T | undefined, param: string): T {
  if (value === undefined || value === "") {
    throw new StripeError(400, { type: "invalid_request_error", code: "parameter_missing", param, message: `Missing required param: ${param}.` });
  }
  return value;
}

export function invalid(message: string, param?: string): StripeError {
  return new StripeError(400, { type: "invalid_request_error", code: "parameter_invalid", message, param });
}

export type StripeErrorBody = {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  [key: string]: unknown;
};

/** Thrown anywhere in the emulator; turned into Stripe's `{ error: {...} }` envelope in one place (server.ts). */
export class StripeError extends Error {
  constructor(readonly status: number, readonly body: StripeErrorBody) {
    super(body.message);
  }
}

export function missing(kind: string, id: string, param = "id"): StripeError {
  return new StripeError(404, { type: "invalid_request_error", code: "resource_missing", param, message: `No such ${kind}: '${id}'` });
}
