/**
 * Keys derived from the data key (HKDF-SHA-256), one per use, so the sealed
 * RxDB fields, the file bytes, the notes' Yjs updates and the cached profile
 * never share a key.
 */
import { fromBase64, randomBytes, toBase64, toHex, utf8 } from "./bytes.ts";
import type { Sealed } from "./key-vault.ts";

export type LocalKeys = {
  /** The RxDB database password (RxDB stores its hash: a wrong key fails to open), 64 hex characters. */
  rxdbPassword: string;
  /** AES-GCM for the sealed fields of RxDB documents (`sealed-storage.ts`); derived once per open. */
  fields: CryptoKey;
  /** AES-GCM for file bytes in the blobs database. */
  bytes: CryptoKey;
  /** AES-GCM for the profile kept beside the wrapped key. */
  profile: CryptoKey;
  /** AES-GCM for the Yjs updates of encounter notes in the blobs database (`note-doc-store.ts`). */
  noteUpdates: CryptoKey;
  /** AES-GCM for the changes the server refused, kept to be shown (`refusals.ts`). */
  refusals: CryptoKey;
};

export async function deriveLocalKeys(dataKey: Uint8Array<ArrayBuffer>): Promise<LocalKeys> {
  const base = await crypto.subtle.importKey("raw", dataKey, "HKDF", false, ["deriveBits", "deriveKey"]);
  const params = (info: string) => ({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: utf8(info) });
  const aes = (info: string) =>
    crypto.subtle.deriveKey(params(info), base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
  const bits = await crypto.subtle.deriveBits(params("dpc/rxdb-password/v1"), base, 256);
  return {
    rxdbPassword: toHex(new Uint8Array(bits)),
    fields: await aes("dpc/rxdb-fields/v1"),
    bytes: await aes("dpc/file-bytes/v1"),
    profile: await aes("dpc/profile/v1"),
    noteUpdates: await aes("dpc/note-updates/v1"),
    refusals: await aes("dpc/refusals/v1"),
  };
}

/** AES-GCM with a fresh IV; `context` is authenticated (e.g. a file id and chunk index), so pieces cannot be swapped. */
export async function encryptBytes(key: CryptoKey, data: BufferSource, context: string) {
  const iv = randomBytes(12);
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: utf8(context) }, key, data);
  return { iv, data: sealed };
}

export async function decryptBytes(key: CryptoKey, sealed: { iv: Uint8Array<ArrayBuffer>; data: BufferSource }, context: string) {
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: sealed.iv, additionalData: utf8(context) }, key, sealed.data);
  return new Uint8Array(plain);
}

export async function sealJson(key: CryptoKey, value: unknown, context: string): Promise<Sealed> {
  const { iv, data } = await encryptBytes(key, utf8(JSON.stringify(value)), context);
  return { iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
}

export async function openJson(key: CryptoKey, sealed: Sealed, context: string): Promise<unknown> {
  const plain = await decryptBytes(key, { iv: fromBase64(sealed.iv), data: fromBase64(sealed.data) }, context);
  return JSON.parse(new TextDecoder().decode(plain));
}
