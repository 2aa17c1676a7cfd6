/**
 * How each synced collection maps onto its table: field ↔ column names, value
 * conversions, the scope column and the advisory-lock key. Fields come from the
 * collection's RxDB schema (plus `_deleted`); `updatedAt` is the `seq` column.
 */
import type { Fragment, Queryable } from "../../db/connect.ts";
import { type CollectionName, collectionOf, COLLECTION_NAMES } from "../../../../sync/collections/index.ts";
import type { SyncDoc } from "../../../../sync/protocol.ts";
import { selectChartEntries } from "../chart/entries-sql.ts";

type Kind = "plain" | "timestamp" | "json" | "seq" | "deleted" | "derived";
type Column = { field: string; column: string; kind: Kind };

export type TableDef = {
  name: CollectionName;
  table: string;
  /** Second key of pg_advisory_xact_lock(LOCK_NAMESPACE, key): one per collection. */
  lockKey: number;
  scopeField: string;
  scopeColumn: string;
  columns: Column[];
};

export const LOCK_NAMESPACE = 7310;
const LOCK_KEYS: Record<CollectionName, number> = {
  chats: 1, chat_messages: 2, note_drafts: 3, medical_files: 4, consultations: 5, encounter_notes: 6, tasks: 7, macros: 8,
  patients: 9, chart_entries: 10, note_types: 11, practice_members: 12,
};

/** Fields whose column is not a plain copy of the value. */
const SPECIAL: Partial<Record<CollectionName, Record<string, Kind>>> = {
  chats: { lastMessageAt: "timestamp", memberIds: "derived" },
  chat_messages: { createdAt: "timestamp" },
  note_drafts: { fields: "json" },
  consultations: { startAt: "timestamp", endAt: "timestamp", doctorName: "derived", patientName: "derived" },
  encounter_notes: { createdAt: "timestamp", typeName: "derived", fieldNames: "derived" },
  tasks: { createdAt: "timestamp", assigneeName: "derived", patientName: "derived", createdByName: "derived" },
  // Everything but the change sequence is read from the patient's user row and medical card.
  patients: {
    doctorId: "derived", firstName: "derived", middleName: "derived", lastName: "derived", email: "derived",
    phoneNumber: "derived", birthDate: "derived", gender: "derived", state: "derived", city: "derived", card: "derived",
  },
  // The entry as the chart API answers it, read from its own table (chart/entries-sql.ts).
  chart_entries: { data: "derived" },
  // Names and role from the member's user row.
  practice_members: { firstName: "derived", lastName: "derived", role: "derived" },
};

const snake = (field: string) => field.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

function columnsOf(name: CollectionName): Column[] {
  const fields = [...Object.keys(collectionOf(name).rxSchema.properties), "_deleted"];
  return fields.map((field) => {
    if (field === "updatedAt") return { field, column: "seq", kind: "seq" };
    if (field === "_deleted") return { field, column: "deleted", kind: "deleted" };
    return { field, column: snake(field), kind: SPECIAL[name]?.[field] ?? "plain" };
  });
}

export const TABLES: Record<CollectionName, TableDef> = Object.fromEntries(COLLECTION_NAMES.map((name) => {
  const c = collectionOf(name);
  return [name, {
    name,
    table: c.table,
    lockKey: LOCK_KEYS[name],
    scopeField: c.access.scopeField,
    scopeColumn: snake(c.access.scopeField),
    columns: columnsOf(name),
  }];
})) as Record<CollectionName, TableDef>;

/** `select … from <table> t`: every column a document needs, derived ones included. */
export function selectFrom(q: Queryable, def: TableDef): Fragment {
  if (def.name === "chats") {
    return q`select t.*, array(select m.user_id::text from chat_members m where m.chat_id = t.id order by m.user_id::text)
      as member_ids from chats t`;
  }
  if (def.name === "consultations") {
    return q`select t.*, d.first_name || ' ' || d.last_name as doctor_name, p.first_name || ' ' || p.last_name as patient_name
      from consultations t join users d on d.id = t.doctor_id join users p on p.id = t.patient_id`;
  }
  if (def.name === "encounter_notes") {
    // The type's name and fields from the note type; a note of a deleted encounter reads as deleted.
    return q`select t.id, t.encounter_id, t.patient_id, t.note_type_id, nt.name as type_name, nt.field_names, t.is_shared,
        t.author_id, t.updated_by, t.created_at, t.seq, (t.deleted or e.deleted_at is not null) as deleted
      from encounter_notes t join note_types nt on nt.id = t.note_type_id join encounters e on e.id = t.encounter_id`;
  }
  if (def.name === "tasks") {
    return q`select t.*, a.first_name || ' ' || a.last_name as assignee_name,
        case when p.id is null then null else p.first_name || ' ' || p.last_name end as patient_name,
        c.first_name || ' ' || c.last_name as created_by_name
      from tasks t join users a on a.id = t.assignee_id join users c on c.id = t.created_by
        left join users p on p.id = t.patient_id`;
  }
  if (def.name === "patients") {
    // A patient who left the practice (or the platform) reads as deleted to anyone still holding the row.
    return q`select t.id, t.seq, (t.deleted or u.role <> 'patient') as deleted, u.doctor_id, u.first_name, u.middle_name,
        u.last_name, u.email, u.phone_number, to_char(u.birth_date, 'YYYY-MM-DD') as birth_date, u.gender, u.state, u.city, mc.card
      from patient_panel t join users u on u.id = t.id left join medical_cards mc on mc.patient_id = t.id`;
  }
  if (def.name === "chart_entries") return selectChartEntries(q);
  if (def.name === "note_types") {
    return q`select t.id, t.doctor_id, t.name, t.field_names, t.seq, (t.deleted_at is not null) as deleted from note_types t`;
  }
  if (def.name === "practice_members") {
    // A VMA detached or blocked, or a member no longer a doctor or VMA, reads as deleted.
    return q`select t.id, t.practice_id, t.user_id, u.first_name, u.last_name, u.role, t.seq,
        (t.deleted or (u.role = 'vma' and u.is_blocked) or u.role not in ('doctor', 'vma')) as deleted
      from practice_members t join users u on u.id = t.user_id`;
  }
  return q`select t.* from ${q(def.table)} t`;
}

export function toDoc<D extends SyncDoc = SyncDoc>(def: TableDef, row: Record<string, unknown>): D {
  const doc: Record<string, unknown> = {};
  for (const { field, column, kind } of def.columns) {
    const value = row[column];
    if (kind === "seq") doc[field] = Number(value);
    else if (kind === "timestamp") doc[field] = value instanceof Date ? value.toISOString() : null;
    else doc[field] = value ?? null;
  }
  return doc as D;
}

/**
 * The document as this reader sees it. A patient reads their own chart entries through the patient's view
 * (chart/entries-sql.ts: only what is shared with them); an entry hidden from them reads as a bare tombstone, its
 * kind and encounter not told. Everyone else reads the document itself.
 */
export function toDocFor<D extends SyncDoc = SyncDoc>(def: TableDef, row: Record<string, unknown>, reader: { role: string }): D {
  if (def.name !== "chart_entries" || reader.role !== "patient") return toDoc<D>(def, row);
  const hidden = row.patient_deleted === true;
  return toDoc<D>(def, {
    ...row, deleted: hidden, data: hidden ? null : row.patient_data, ...(hidden ? { kind: "encounter", encounter_id: null } : {}),
  });
}

/** Column values for the given fields of a document (derived fields and `updatedAt` are never written). */
export function toColumns(q: Queryable, def: TableDef, doc: Record<string, unknown>, fields: readonly string[]) {
  const out: Record<string, unknown> = {};
  for (const { field, column, kind } of def.columns) {
    if (!fields.includes(field) || kind === "seq" || kind === "derived") continue;
    const value = doc[field];
    if (kind === "timestamp") out[column] = value === null ? null : new Date(value as string);
    else if (kind === "json") out[column] = q.json(value as never);
    else out[column] = value;
  }
  return out;
}

/**
 * The same column values as plain JSON (timestamps as ISO text, JSON columns as their value), keyed by
 * column, for `jsonb_populate_recordset(null::<table>, …)`: PostgreSQL converts them to the columns' types.
 */
export function toRecord(def: TableDef, doc: Record<string, unknown>, fields: readonly string[]) {
  const out: Record<string, unknown> = {};
  for (const { field, column, kind } of def.columns) {
    if (!fields.includes(field) || kind === "seq" || kind === "derived") continue;
    out[column] = doc[field] ?? null;
  }
  return out;
}

/** Client-visible fields, `updatedAt` aside: what "same content" compares. */
export const contentFields = (def: TableDef) => def.columns.filter((c) => c.kind !== "seq").map((c) => c.field);
