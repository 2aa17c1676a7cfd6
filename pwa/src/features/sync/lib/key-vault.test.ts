import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../../lib/app-deps.tsx";
import { createDataKey, createKeyStore, unwrapDataKey, wrapDataKey, WrongPasswordError } from "./key-vault.ts";
import { decryptBytes, deriveLocalKeys, encryptBytes, openJson, sealJson } from "./local-keys.ts";

// The real count in one test (it is what ships); a lower one elsewhere to keep the suite fast.
const FAST = 100_000;
const userId = () => crypto.randomUUID();

describe("wrapping the data key with the account password", () => {
  it("unwraps with the right password, with no network, after a 'reload' (from storage only)", async () => {
    const storage = createMemoryStorage();
    const id = userId();
    const key = createDataKey();
    const wrapped = await wrapDataKey({ key, password: "demo-password", userId: id });
    expect(wrapped.iterations).toBeGreaterThanOrEqual(210_000);
    createKeyStore(storage, createMemoryStorage()).writeRecord({ v: 1, userId: id, wrapped });

    // A new tab: empty sessionStorage, fetch unavailable.
    const offline = () => Promise.reject(new TypeError("Failed to fetch"));
    const restore = globalThis.fetch;
    globalThis.fetch = offline;
    try {
      const record = createKeyStore(storage, createMemoryStorage()).readRecord();
      expect(record?.userId).toBe(id);
      const unwrapped = await unwrapDataKey({ wrapped: record!.wrapped!, password: "demo-password", userId: id });
      expect(unwrapped).toEqual(key);
    } finally {
      globalThis.fetch = restore;
    }
  });

  it("refuses a wrong password and another user's record", async () => {
    const id = userId();
    const wrapped = await wrapDataKey({ key: createDataKey(), password: "right-password", userId: id, iterations: FAST });
    await expect(unwrapDataKey({ wrapped, password: "wrong-password", userId: id })).rejects.toBeInstanceOf(WrongPasswordError);
    await expect(unwrapDataKey({ wrapped, password: "right-password", userId: userId() })).rejects.toBeInstanceOf(WrongPasswordError);
  });

  it("salts every wrapping: the same key and password give different records", async () => {
    const key = createDataKey();
    const id = userId();
    const a = await wrapDataKey({ key, password: "p4ssword!", userId: id, iterations: FAST });
    const b = await wrapDataKey({ key, password: "p4ssword!", userId: id, iterations: FAST });
    expect(a.salt).not.toBe(b.salt);
    expect(a.data).not.toBe(b.data);
  });
});

describe("key store", () => {
  it("keeps the tab copy per user and forgets both copies on clear", () => {
    const storage = createMemoryStorage();
    const tab = createMemoryStorage();
    const store = createKeyStore(storage, tab);
    const id = userId();
    const key = createDataKey();
    store.writeTabKey(id, key);
    expect(store.readTabKey(id)).toEqual(key);
    expect(store.readTabKey(userId())).toBeNull();
    store.writeRecord({ v: 1, userId: id, wrapped: null });
    store.clear();
    expect(store.readRecord()).toBeNull();
    expect(store.readTabKey(id)).toBeNull();
  });

  it("treats a tampered or foreign record as absent", () => {
    const storage = createMemoryStorage({ "dpc.localData": JSON.stringify({ v: 1, userId: "u", wrapped: { kdf: "MD5" } }) });
    expect(createKeyStore(storage, createMemoryStorage()).readRecord()).toBeNull();
    storage.setItem("dpc.localData", "{not json");
    expect(createKeyStore(storage, createMemoryStorage()).readRecord()).toBeNull();
  });
});

describe("derived keys", () => {
  it("derive the same keys from the same data key, and bind ciphertext to its context", async () => {
    const dataKey = createDataKey();
    const a = await deriveLocalKeys(dataKey);
    const b = await deriveLocalKeys(dataKey);
    expect(a.rxdbPassword).toMatch(/^[0-9a-f]{64}$/);
    expect(a.rxdbPassword).toBe(b.rxdbPassword);
    const sealed = await encryptBytes(a.bytes, new Uint8Array([1, 2, 3]), "file:0");
    expect(await decryptBytes(b.bytes, sealed, "file:0")).toEqual(new Uint8Array([1, 2, 3]));
    await expect(decryptBytes(b.bytes, sealed, "file:1")).rejects.toThrow();
    const profile = await sealJson(a.profile, { id: "x" }, "u");
    expect(await openJson(b.profile, profile, "u")).toEqual({ id: "x" });
    expect((await deriveLocalKeys(createDataKey())).rxdbPassword).not.toBe(a.rxdbPassword);
  });
});
