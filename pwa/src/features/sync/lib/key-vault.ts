/**
 * The data key of a user's local database and where it is kept.
 *
 * - The data key is 32 random bytes. It never leaves the device.
 * - localStorage keeps it wrapped (AES-GCM) under a key derived from the
 *   account password (PBKDF2-SHA-256, random salt): after a reload with no
 *   network the password unwraps it offline. The user id is the additional
 *   data, so a record cannot be moved to another account.
 * - sessionStorage keeps it in the clear for the tab's life, so reloads in
 *   the same tab do not ask for the password again.
 */
import { z } from "zod";
import type { KeyValueStorage } from "../../../lib/session/token-storage.ts";
import { fromBase64, randomBytes, toBase64, utf8 } from "./bytes.ts";

/** OWASP's figure for PBKDF2-HMAC-SHA-256 (2023); the record keeps its own count. */
export const PBKDF2_ITERATIONS = 600_000;
export const DATA_KEY_BYTES = 32;
export const LOCAL_KEY_STORAGE_KEY = "dpc.localData";
export const TAB_KEY_STORAGE_KEY = "dpc.localData.tab";
/**
 * An account signed out with changes still waiting keeps its record here (`dpc.localData.kept.<userId>`): its sealed
 * data stays on the device and its next sign-in here sends them. Only that account's password unwraps the key.
 */
export const KEPT_KEY_STORAGE_PREFIX = "dpc.localData.kept.";

export class WrongPasswordError extends Error {
  constructor() {
    super("This password does not open the data kept on this device.");
    this.name = "WrongPasswordError";
  }
}

const b64 = z.string().min(1).max(100_000).regex(/^[A-Za-z0-9+/]+=*$/);
const wrappedKeySchema = z.object({
  kdf: z.literal("PBKDF2-SHA-256"),
  iterations: z.number().int().min(100_000).max(10_000_000),
  salt: b64,
  iv: b64,
  data: b64,
}).strict();
export type WrappedKey = z.infer<typeof wrappedKeySchema>;

const sealedSchema = z.object({ iv: b64, data: b64 }).strict();
export type Sealed = z.infer<typeof sealedSchema>;

const recordSchema = z.object({
  v: z.literal(1),
  userId: z.string().min(1).max(100),
  /** null: a key kept only in this tab (a session started without a password, e.g. impersonation). */
  wrapped: wrappedKeySchema.nullable(),
  /** The signed-in user's profile, sealed with the data key, to open pages offline after an unlock. */
  profile: sealedSchema.optional(),
}).strict();
export type LocalKeyRecord = z.infer<typeof recordSchema>;

const tabKeySchema = z.object({ userId: z.string().min(1).max(100), key: b64 }).strict();

export function createDataKey(): Uint8Array<ArrayBuffer> {
  return randomBytes(DATA_KEY_BYTES);
}

async function passwordKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", utf8(password), "PBKDF2", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

export async function wrapDataKey(options: {
  key: Uint8Array<ArrayBuffer>;
  password: string;
  userId: string;
  iterations?: number;
}): Promise<WrappedKey> {
  const iterations = options.iterations ?? PBKDF2_ITERATIONS;
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const kek = await passwordKey(options.password, salt, iterations);
  const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: utf8(options.userId) }, kek, options.key);
  return { kdf: "PBKDF2-SHA-256", iterations, salt: toBase64(salt), iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
}

/** Throws WrongPasswordError when the password (or the user) does not match. Needs no network. */
export async function unwrapDataKey(options: {
  wrapped: WrappedKey;
  password: string;
  userId: string;
}): Promise<Uint8Array<ArrayBuffer>> {
  const { wrapped } = options;
  const kek = await passwordKey(options.password, fromBase64(wrapped.salt), wrapped.iterations);
  try {
    const key = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(wrapped.iv), additionalData: utf8(options.userId) },
      kek,
      fromBase64(wrapped.data),
    );
    return new Uint8Array(key);
  } catch {
    throw new WrongPasswordError();
  }
}

export type KeyStore = ReturnType<typeof createKeyStore>;

/** The record in localStorage and the tab's copy in sessionStorage; unreadable entries count as absent. */
export function createKeyStore(storage: KeyValueStorage, tabStorage: KeyValueStorage) {
  const read = <T>(from: KeyValueStorage, key: string, schema: z.ZodType<T>): T | null => {
    try {
      const raw = from.getItem(key);
      if (!raw) return null;
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  const write = (to: KeyValueStorage, key: string, value: unknown) => {
    try {
      to.setItem(key, JSON.stringify(value));
    } catch {
      // Private mode or a full quota: the key lives in memory until the tab closes.
    }
  };
  const remove = (from: KeyValueStorage, key: string) => {
    try {
      from.removeItem(key);
    } catch {
      // Nothing to remove when storage is unavailable.
    }
  };

  return {
    readRecord: (): LocalKeyRecord | null => read(storage, LOCAL_KEY_STORAGE_KEY, recordSchema),
    writeRecord: (record: LocalKeyRecord) => write(storage, LOCAL_KEY_STORAGE_KEY, record),
    /** The tab's clear copy, only when it belongs to `userId`. */
    readTabKey(userId: string): Uint8Array<ArrayBuffer> | null {
      const tab = read(tabStorage, TAB_KEY_STORAGE_KEY, tabKeySchema);
      return tab && tab.userId === userId ? fromBase64(tab.key) : null;
    },
    writeTabKey: (userId: string, key: Uint8Array) => write(tabStorage, TAB_KEY_STORAGE_KEY, { userId, key: toBase64(key) }),
    /** Forgets this tab's copy only (another tab is wiping the data and the stored record). */
    clearTabKey: () => remove(tabStorage, TAB_KEY_STORAGE_KEY),
    /** Sets the current record aside for its account (signed out with changes waiting) and forgets the tab's copy. */
    keep(userId: string) {
      const record = read(storage, LOCAL_KEY_STORAGE_KEY, recordSchema);
      if (record?.userId === userId && record.wrapped) write(storage, KEPT_KEY_STORAGE_PREFIX + userId, record);
      remove(storage, LOCAL_KEY_STORAGE_KEY);
      remove(tabStorage, TAB_KEY_STORAGE_KEY);
    },
    /** The record an account set aside here, if any. */
    readKept: (userId: string): LocalKeyRecord | null => {
      const record = read(storage, KEPT_KEY_STORAGE_PREFIX + userId, recordSchema);
      return record?.userId === userId ? record : null;
    },
    /** Makes the account's kept record the current one again (its next sign-in on this device). */
    restoreKept(userId: string): LocalKeyRecord | null {
      const record = read(storage, KEPT_KEY_STORAGE_PREFIX + userId, recordSchema);
      remove(storage, KEPT_KEY_STORAGE_PREFIX + userId);
      if (record?.userId !== userId) return null;
      write(storage, LOCAL_KEY_STORAGE_KEY, record);
      return record;
    },
    /** Forgets both copies: what is encrypted under the key becomes unreadable. */
    clear() {
      remove(storage, LOCAL_KEY_STORAGE_KEY);
      remove(tabStorage, TAB_KEY_STORAGE_KEY);
    },
  };
}
