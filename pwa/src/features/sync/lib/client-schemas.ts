/**
 * The device's RxDB schemas and which fields are sealed at rest.
 *
 * RxDB gets the shared schemas of `sync/collections` unchanged (copies; no
 * `encrypted` list: RxDB's own encryption plugin is not used). The storage
 * wrapper of `sealed-storage.ts` moves a collection's `SEALED_FIELDS` out of
 * each stored document into one AES-GCM ciphertext field (`_enc`). Sealed
 * fields can be neither indexed, queried nor sorted on: health content and
 * names are listed; ids, scope fields (patient, chat, doctor, author), times,
 * `updatedAt`, status, type, folder and flags stay plain. Every collection must
 * have an entry (the type says so): a new collection is a decision to make here.
 */
import { COLLECTION_NAMES, type CollectionName, type RxJsonSchemaLiteral, SYNC_COLLECTIONS } from "../../../../../sync/collections/index.ts";

export const SEALED_FIELDS = {
  chats: ["title"],
  chat_messages: ["text", "fileIds"],
  note_drafts: ["title", "fields"],
  medical_files: ["name", "contentType", "kind", "rejectReason"],
  consultations: ["doctorName", "patientName", "reason", "outOfStateReason", "declineReason", "cancelReason"],
  // A note type's name and field names can tell what a note is about (e.g. "Suicide risk").
  encounter_notes: ["typeName", "fieldNames"],
  // A task names a patient and says what is wrong; a macro's text may hold clinical phrasing.
  tasks: ["assigneeName", "patientName", "description", "createdByName", "dueDate"],
  macros: ["text"],
  // The practice's panel: who each patient is and their medical card; only ids and `updatedAt` stay plain.
  patients: ["firstName", "middleName", "lastName", "email", "phoneNumber", "birthDate", "gender", "state", "city", "card"],
  // The chart's entries: what each says; the patient, kind and encounter stay plain (the chart queries by them).
  chart_entries: ["data"],
  // A note type's name and fields can tell what its notes are about (as encounter_notes' copies).
  note_types: ["name", "fieldNames"],
  // The practice's people: who works there (names sealed like every other name on the device).
  practice_members: ["firstName", "lastName"],
} as const satisfies Record<CollectionName, readonly string[]>;

/** Refuses to seal indexed, primary or unknown fields; returns them otherwise. */
export function checkSealedFields(schema: RxJsonSchemaLiteral, fields: readonly string[]): readonly string[] {
  const indexed = new Set(schema.indexes.flatMap((index) => (typeof index === "string" ? [index] : [...index])));
  for (const field of fields) {
    if (!Object.hasOwn(schema.properties, field)) throw new Error(`Cannot seal unknown field ${field}`);
    if (indexed.has(field) || field === schema.primaryKey) throw new Error(`Cannot seal indexed field ${field}`);
  }
  return fields;
}

for (const name of COLLECTION_NAMES) checkSealedFields(SYNC_COLLECTIONS[name].rxSchema, SEALED_FIELDS[name]);

export const CLIENT_SCHEMAS = Object.fromEntries(
  COLLECTION_NAMES.map((name) => [name, structuredClone(SYNC_COLLECTIONS[name].rxSchema) as unknown as RxJsonSchemaLiteral]),
) as Record<CollectionName, RxJsonSchemaLiteral>;

/** The sealed fields of an RxDB collection by name (none for RxDB's own stores). */
export function sealedFieldsOf(collectionName: string): readonly string[] {
  return Object.hasOwn(SEALED_FIELDS, collectionName) ? SEALED_FIELDS[collectionName as CollectionName] : [];
}
