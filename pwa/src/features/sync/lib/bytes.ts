/** Byte helpers for the key records kept in Web Storage and the sealed documents (JSON, so binary travels as base64). */

/** The platform's own base64 (`Uint8Array.prototype.toBase64`, `Uint8Array.fromBase64`) where it has them. */
type NativeBase64 = { toBase64?(this: Uint8Array): string };
type NativeFromBase64 = { fromBase64?(text: string): Uint8Array<ArrayBuffer> };
const nativeToBase64 = (Uint8Array.prototype as NativeBase64).toBase64;
const nativeFromBase64 = (Uint8Array as NativeFromBase64).fromBase64;

export function toBase64(bytes: Uint8Array): string {
  if (nativeToBase64) return nativeToBase64.call(bytes);
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  if (nativeFromBase64) return nativeFromBase64.call(Uint8Array, text);
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
export const utf8 = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text);
export const fromUtf8 = (bytes: BufferSource): string => decoder.decode(bytes);
