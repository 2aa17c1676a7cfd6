/**
 * The device's RxDB schemas: the shared ones of `sync/collections` plus the
 * fields RxDB encrypts at rest. The shared files stay runtime-neutral and
 * unchanged; this returns extended copies.
 *
 * Encrypted fields are stored as ciphertext strings, so they can be neither
 * indexed nor queried: health content and names are listed, never ids, scope
 * fields or the fields the indexes and queries use. Every collection must
 * have an entry (the type says so): a new collection is a decision to make here.
 */
import { COLLECTION_NAMES, type CollectionName, type RxJsonSchemaLiteral, SYNC_COLLECTIONS } from "../../../../../sync/collections/index.ts";

export const ENCRYPTED_FIELDS = {
  chats: ["title"],
  chat_messages: ["text", "fileIds"],
  note_drafts: ["title", "fields"],
  medical_files: ["name", "contentType", "kind", "rejectReason"],
  consultations: ["doctorName", "patientName", "reason", "outOfStateReason", "declineReason", "cancelReason"],
} as const satisfies Record<CollectionName, readonly string[]>;

export type ClientRxSchema = RxJsonSchemaLiteral & { readonly encrypted: readonly string[] };

/** A deep copy of `schema` with `encrypted` listing `fields`; refuses indexed or unknown fields. */
export function withEncryptedFields(schema: RxJsonSchemaLiteral, fields: readonly string[]): ClientRxSchema {
  const indexed = new Set(schema.indexes.flatMap((index) => (typeof index === "string" ? [index] : [...index])));
  for (const field of fields) {
    if (!Object.hasOwn(schema.properties, field)) throw new Error(`Cannot encrypt unknown field ${field}`);
    if (indexed.has(field) || field === schema.primaryKey) throw new Error(`Cannot encrypt indexed field ${field}`);
  }
  const copy = structuredClone(schema) as unknown as RxJsonSchemaLiteral;
  return { ...copy, encrypted: [...fields] };
}

export function clientSchemaOf(name: CollectionName): ClientRxSchema {
  return withEncryptedFields(SYNC_COLLECTIONS[name].rxSchema, ENCRYPTED_FIELDS[name]);
}

export const CLIENT_SCHEMAS = Object.fromEntries(
  COLLECTION_NAMES.map((name) => [name, clientSchemaOf(name)]),
) as Record<CollectionName, ClientRxSchema>;
