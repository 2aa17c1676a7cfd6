/**
 * Phaxio's webhook signature: HMAC-SHA1, keyed by the callback token, over the
 * callback URL, then every text field (sorted by name) as name + value, then
 * every file (sorted by name) as name + the SHA-1 hex of its bytes. Hex-encoded
 * in `X-Phaxio-Signature`. The emulator signs with the same function.
 */
const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

export async function phaxioSignature(token: string, url: string, form: FormData): Promise<string> {
  const texts: [string, string][] = [];
  const files: [string, Uint8Array][] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") texts.push([name, value]);
    else files.push([name, new Uint8Array(await value.arrayBuffer())]);
  }
  texts.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  let message = url;
  for (const [name, value] of texts) message += name + value;
  for (const [name, data] of files) message += name + hex(await crypto.subtle.digest("SHA-1", data as BufferSource));
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(token), { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)));
}

/** Constant-time comparison of two hex strings. */
export function sameSignature(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
