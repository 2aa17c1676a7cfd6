/**
 * Encryption at rest for RxDB: a storage wrapper (RxDB's `wrapRxStorageInstance`,
 * as its crypto-js plugin does) that moves a collection's sealed fields out of
 * each stored document into ONE field, `_enc` = base64(iv ‖ AES-GCM ciphertext)
 * of the JSON of those fields, under one non-extractable WebCrypto key.
 * The document's collection and id are authenticated with it, so a ciphertext
 * cannot be moved to another document. Every other field stays plain, so the
 * storage indexes, queries and sorts on it as before.
 *
 * One encryption per document write (crypto-js derived a key per field per
 * document); reads decrypt once per document. Each document object this
 * instance sealed or unsealed is remembered with its other form (weakly, by
 * identity): RxDB passes the document it holds as a write's `previous` and
 * gets the written document back in the change event, so neither is sealed or
 * unsealed twice. RxDB never changes a document object in place (it copies),
 * which is what makes the identity a safe key.
 */
import {
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorage,
  type RxStorageInstance,
  type RxStorageInstanceCreationParams,
  wrapRxStorageInstance,
} from "rxdb";
import { hasInsertNew, type InsertNew } from "./dexie-direct.ts";
import { fromBase64, fromUtf8, randomBytes, toBase64, utf8 } from "./bytes.ts";
import { traceWrite } from "./write-trace.ts";

export const SEALED = "_enc";
/** A multiple of 3: the IV's base64 has no padding, so it and the ciphertext's base64 are concatenated. */
const IV_BYTES = 12;
/** IVs are cut from one random draw per this many documents (each still 96 fresh random bits). */
const IVS_PER_DRAW = 256;

type Row = Record<string, unknown>;

export function sealedStorage<Internals, Options>(args: {
  storage: RxStorage<Internals, Options>;
  /** AES-GCM key; null only to remove databases (any read or write then fails). */
  key: CryptoKey | null;
  /** The fields to seal per RxDB collection (none: the collection is stored as it is). */
  sealedFields(collectionName: string, schema: { title?: string }): readonly string[];
  /** A key of RxDB's `_meta` sealed too when present (in sealed collections): the rest of `_meta` stays plain (`lwt` is indexed). */
  sealedMetaKey?: string;
}): RxStorage<Internals, Options> {
  const metaKey = args.sealedMetaKey;
  return {
    ...args.storage,
    async createStorageInstance<D>(params: RxStorageInstanceCreationParams<D, Options>): Promise<RxStorageInstance<D, Internals, Options>> {
      const fields = args.sealedFields(params.collectionName, params.schema);
      if (fields.length === 0) return args.storage.createStorageInstance(params);
      const schema = params.schema as unknown as RxJsonSchema<RxDocumentData<Row>>;
      const instance = await args.storage.createStorageInstance({ ...params, schema: storedSchema(schema, fields) as never });
      const primary = typeof schema.primaryKey === "string" ? schema.primaryKey : schema.primaryKey.key;
      const prefix = `dpc/rxdb/${params.collectionName}/`;
      /** The additional data binding a ciphertext to its collection and document. */
      const contextOf = (doc: Row) => prefix + String(doc[primary]);
      const sealedField = new Set(fields);
      /** The two forms of each document object this instance has sealed or unsealed, by identity. */
      const storedOf = new WeakMap<Row, Row>();
      const plainOf = new WeakMap<Row, Row>();
      const remember = (plain: Row, stored: Row) => {
        storedOf.set(plain, stored);
        plainOf.set(stored, plain);
      };
      const scratch = encryptScratch();
      let ivs = new Uint8Array(0);
      const nextIv = () => {
        if (ivs.length < IV_BYTES) ivs = randomBytes(IV_BYTES * IVS_PER_DRAW);
        const iv = ivs.subarray(0, IV_BYTES);
        ivs = ivs.subarray(IV_BYTES);
        return iv;
      };

      function requireKey(): CryptoKey {
        if (!args.key) throw new Error(`No key for the sealed collection ${params.collectionName}`);
        return args.key;
      }

      async function toStorage(doc: Row): Promise<Row> {
        const known = storedOf.get(doc);
        if (known) return known;
        const done = traceWrite("seal");
        const key = requireKey();
        const stored: Row = {};
        const sealed: Row = {};
        for (const name of Object.keys(doc)) {
          const value = doc[name];
          if (!sealedField.has(name)) stored[name] = value;
          else if (value !== undefined) sealed[name] = value;
        }
        const meta = doc._meta as Row | undefined;
        if (metaKey && meta?.[metaKey] !== undefined) {
          // Under `_meta` in the sealed JSON: no collection field starts with `_`.
          const { [metaKey]: value, ...plain } = meta;
          sealed._meta = { [metaKey]: value };
          stored._meta = plain;
        }
        const iv = nextIv();
        // The text and the context are encoded into one scratch buffer: WebCrypto copies its inputs
        // when called (a document's encryption allocates only its ciphertext).
        const cipher = scratch.encrypt(key, iv, JSON.stringify(sealed), contextOf(doc));
        // The IV is 12 bytes, a whole number of base64 groups: its base64 and the ciphertext's join as one.
        const text = toBase64(iv) + toBase64(new Uint8Array(await cipher));
        stored[SEALED] = text;
        remember(doc, stored);
        done();
        return stored;
      }

      async function fromStorage(stored: Row): Promise<Row> {
        const known = plainOf.get(stored);
        if (known) return known;
        const { [SEALED]: text, ...doc } = stored;
        if (typeof text !== "string") throw new Error(`A document of ${params.collectionName} is not sealed`);
        const bytes = fromBase64(text);
        const plain = await crypto.subtle.decrypt(
          { name: "AES-GCM", iv: bytes.subarray(0, IV_BYTES), additionalData: utf8(contextOf(stored)) },
          requireKey(),
          bytes.subarray(IV_BYTES),
        );
        const { _meta: sealedMeta, ...fieldsOf } = JSON.parse(fromUtf8(plain)) as Row;
        if (sealedMeta) doc._meta = { ...(doc._meta as Row), ...(sealedMeta as Row) };
        const result = Object.assign(doc, fieldsOf);
        remember(result, stored);
        return result;
      }

      const wrapped = wrapRxStorageInstance(
        schema,
        instance as RxStorageInstance<Row, Internals, Options>,
        toStorage as never,
        fromStorage as never,
      );
      if (hasInsertNew(instance)) {
        (wrapped as unknown as InsertNew).insertNew = async (docs, context) =>
          instance.insertNew(await Promise.all(docs.map(toStorage)) as never, context);
      }
      return wrapped as never;
    },
  };
}

/**
 * AES-GCM encryption of a text under a context (the additional data), both encoded into one reused
 * buffer. WebCrypto takes a copy of its inputs before `encrypt` returns (the Web Cryptography spec's
 * "a copy of the bytes held by the data parameter"), so the buffer is free again at once.
 */
function encryptScratch() {
  let buffer = new Uint8Array(4096);
  return {
    encrypt(key: CryptoKey, iv: Uint8Array<ArrayBuffer>, text: string, context: string): Promise<ArrayBuffer> {
      // UTF-8 takes at most 3 bytes per UTF-16 unit.
      const needed = 3 * (text.length + context.length);
      if (buffer.length < needed) buffer = new Uint8Array(Math.max(needed, 2 * buffer.length));
      const { written: textBytes } = encoder.encodeInto(text, buffer);
      const { written: contextBytes } = encoder.encodeInto(context, buffer.subarray(textBytes));
      return crypto.subtle.encrypt(
        { name: "AES-GCM", iv, additionalData: buffer.subarray(textBytes, textBytes + contextBytes) },
        key,
        buffer.subarray(0, textBytes),
      );
    },
  };
}

const encoder = new TextEncoder();

/** The schema the inner storage gets: the sealed fields replaced by the one ciphertext string. */
export function storedSchema(schema: RxJsonSchema<RxDocumentData<Row>>, fields: readonly string[]) {
  const copy = structuredClone(schema) as RxJsonSchema<RxDocumentData<Row>> & { properties: Row; required?: string[] };
  for (const field of fields) delete copy.properties[field];
  copy.properties[SEALED] = { type: "string" };
  copy.required = [...(copy.required ?? []).filter((field) => !fields.includes(field)), SEALED];
  return copy;
}
