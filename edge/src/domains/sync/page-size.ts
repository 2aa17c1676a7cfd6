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
