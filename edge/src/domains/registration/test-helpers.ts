/** Helpers shared by the registration API tests. */
import assert from "node:assert/strict";

export const randomEmail = (prefix = "reg") => `${prefix}.${crypto.randomUUID().slice(0, 8)}@example.test`;

/** The token of the first `/<path>?token=` link in a mail's text. */
export const tokenFrom = (text: string, path: string): string => {
  const match = new RegExp(`/${path}\\?token=([^\\s]+)`).exec(text);
  assert.ok(match, `no ${path} link in: ${text}`);
  return decodeURIComponent(match[1]);
};
