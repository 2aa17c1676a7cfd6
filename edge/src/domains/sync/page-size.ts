import { PULL_LIMIT_MAX, PULL_PAGE_BYTES_MAX } from "../../../../sync/protocol.ts";

/**
 * About how many bytes a value takes as JSON, without writing it out (a pull page is sized before it is
 * serialised; `PULL_PAGE_BYTES_MAX`). Strings count their UTF-16 length (UTF-8 may be up to 3 times that
 * outside ASCII; the limit is a safeguard, not an exact size) plus quotes; numbers 8; the rest their
 * punctuation.
 */
export function approxJsonBytes(value: unknown): number {
  if (typeof value === "string") return value.length + 2;
  if (typeof value === "number") return 8;
  if (value === null || typeof value !== "object") return 5;
  if (Array.isArray(value)) {
    let bytes = 2;
    for (const item of value) bytes += approxJsonBytes(item) + 1;
    return bytes;
  }
  let bytes = 2;
  for (const key in value) {
    if (Object.hasOwn(value, key)) bytes += key.length + 4 + approxJsonBytes((value as Record<string, unknown>)[key]);
  }
  return bytes;
}

/** Rows of a bulk page's first query: a page of large documents (up to 100 KB each) reads about 5 MB. */
export const FIRST_READ_ROWS = 50;

/**
 * How many rows a bulk page's next query reads: at first `FIRST_READ_ROWS`, then as many as the bytes still
 * allowed would hold at the average size so far (plus one, to reach the cap), never more than an ordinary
 * page (`PULL_LIMIT_MAX`) nor than the page still needs.
 */
export function nextReadSize(page: { limit: number; read: number; bytes: number }): number {
  const needed = page.limit - page.read;
  if (page.read === 0) return Math.min(needed, FIRST_READ_ROWS);
  const average = Math.max(1, page.bytes / page.read);
  const fits = Math.ceil(Math.max(0, PULL_PAGE_BYTES_MAX - page.bytes) / average) + 1;
  return Math.max(1, Math.min(needed, PULL_LIMIT_MAX, fits));
}
