/**
 * The chart's entries on the care team's devices (issue 31): one collection for several kinds of entry, told
 * apart by `kind` (RxDB allows 13 open collections): encounters, their diagnoses, problems, vitals and orders
 * (labs, imaging, referrals, prescriptions) and consultations' intake answers, each with `data` exactly as the APIs
 * answer it
 * (`Encounter`, `Diagnosis`, `Problem`, `Vitals` in imperial units, `Lab`, `Imaging`, `Referral`; a prescription
 * less what the device derives, chart-order-data.ts), so a screen renders the device's copy with the components
 * that render the server's answer.
 * The care team reads them (scope `careTeamOrPatient` on the patient); the patient reads their own through the
 * patient's view (what is shared with them, so the Health record reads offline); never admins.
 * The chart API writes the entries' own tables, whose triggers mark the entry; the edge gives marked entries a new
 * seq after each request and before each pull (`edge/src/domains/chart/entries.ts`). A device may create an entry
 * (a visit recorded offline): the push creates it in its own table under the chart API's rules
 * (`edge/src/domains/chart/entry-writes.ts`); nothing is edited or deleted by push.
 */
import { z } from "zod";
import { docIdSchema, isoTimestampSchema, updatedAtSchema } from "../protocol.ts";
import { storableText } from "../rules/storable-text.ts";
import { ENCOUNTER_TYPES, type Encounter } from "../schemas/encounter.ts";
import type { Diagnosis } from "../schemas/diagnosis.ts";
import { PROBLEM_STATUSES, type Problem } from "../schemas/problem.ts";
import type { Vitals } from "../schemas/vitals.ts";
import { RX_ID, RX_UPDATED_AT, serverWins, type SyncCollection } from "./types.ts";
import { NOTE_FIELD_NAMES_MAX, NOTE_TYPE_NAME_MAX } from "./encounter-notes.ts";
import { noteFieldsSchema } from "./note-drafts.ts";
import { imagingData, labData, prescriptionData, referralData } from "./chart-order-data.ts";
import { INTAKE_INPUT_TYPES, INTAKE_TEXT_MAX, type IntakeForm, intakeVitalsSchema } from "../schemas/intake-form.ts";

export const CHART_ENTRY_KINDS = [
  "encounter", "diagnosis", "problem", "vitals", "lab", "imaging", "referral", "prescription", "intake",
] as const;
export type ChartEntryKind = (typeof CHART_ENTRY_KINDS)[number];

const id = docIdSchema;
const text = (max: number) => storableText(max);
const measure = z.number().positive().nullable();

/** A note shared with the patient, as the patient's view of its encounter carries it (read offline on the Health record). */
const sharedNoteData = z.object({
  id, noteTypeName: text(NOTE_TYPE_NAME_MAX), fieldNames: z.array(text(100)).max(NOTE_FIELD_NAMES_MAX), fields: noteFieldsSchema,
  createdAt: isoTimestampSchema,
}).strict();
export type SharedNoteData = z.infer<typeof sharedNoteData>;

const encounterData = z.object({
  id, patientId: id, doctorId: id, type: z.enum(ENCOUNTER_TYPES), reason: text(500), encounterDatetime: isoTimestampSchema,
  consultationId: id.nullable(), details: text(20_000), isShared: z.boolean(), createdBy: id, createdAt: isoTimestampSchema,
  updatedAt: isoTimestampSchema,
  /** The patient's view only: the notes shared with them, oldest first. */
  sharedNotes: z.array(sharedNoteData).max(100).optional(),
}).strict() satisfies z.ZodType<Encounter>;

const diagnosisData = z.object({
  id, encounterId: id, patientId: id, code: text(10), description: text(500), comment: text(1_000), isShared: z.boolean(),
  createdBy: id, createdAt: isoTimestampSchema,
}).strict() satisfies z.ZodType<Diagnosis>;

const problemData = z.object({
  id, patientId: id, name: text(200), code: text(10).nullable(), status: z.enum(PROBLEM_STATUSES), onset: text(10),
  comment: text(1_000), isShared: z.boolean(), createdBy: id, createdAt: isoTimestampSchema,
}).strict() satisfies z.ZodType<Problem>;

const vitalsData = z.object({
  id, patientId: id, encounterId: id.nullable(), consultationId: id.nullable(), bloodPressure: text(7).nullable(),
  heartRate: measure, weight: measure, height: measure, bmi: measure, temperature: measure, respiratoryRate: measure,
  format: z.literal("imperial"), source: z.enum(["manual", "intake"]),
  recordedBy: z.object({ id, firstName: text(100), lastName: text(100) }).strict(), recordedAt: isoTimestampSchema,
}).strict() satisfies z.ZodType<Vitals>;

/** A consultation's intake answers as `GET /consultations/intakeForm/{id}` answers them, less `editable`. */
const intakeData = z.object({
  consultationId: id, doctorId: id, patientId: id, healthChanges: text(INTAKE_TEXT_MAX).nullable(),
  illnessHistory: text(INTAKE_TEXT_MAX).nullable(), vitals: intakeVitalsSchema.nullable(),
  answers: z.array(z.object({
    fieldId: z.string().max(36), question: text(1_000), inputType: z.enum(INTAKE_INPUT_TYPES), required: z.boolean(),
    answer: z.union([text(INTAKE_TEXT_MAX), z.number(), z.boolean()]).nullable(),
  }).strict()).max(50),
}).strict() satisfies z.ZodType<IntakeForm & { consultationId: string; doctorId: string; patientId: string }>;

const base = { id, patientId: id, encounterId: id.nullable(), updatedAt: updatedAtSchema, _deleted: z.boolean() };

/**
 * One entry; `encounterId` is the encounter it belongs to (an encounter's own is null; vitals may have one).
 * An entry whose row is gone reads as deleted with no data.
 */
export const chartEntrySchema = z.union([
  z.discriminatedUnion("kind", [
    z.object({ ...base, kind: z.literal("encounter"), data: encounterData }).strict(),
    z.object({ ...base, kind: z.literal("diagnosis"), data: diagnosisData }).strict(),
    z.object({ ...base, kind: z.literal("problem"), data: problemData }).strict(),
    z.object({ ...base, kind: z.literal("vitals"), data: vitalsData }).strict(),
    z.object({ ...base, kind: z.literal("lab"), data: labData }).strict(),
    z.object({ ...base, kind: z.literal("imaging"), data: imagingData }).strict(),
    z.object({ ...base, kind: z.literal("referral"), data: referralData }).strict(),
    z.object({ ...base, kind: z.literal("prescription"), data: prescriptionData }).strict(),
    z.object({ ...base, kind: z.literal("intake"), data: intakeData }).strict(),
  ]),
  z.object({ ...base, kind: z.enum(CHART_ENTRY_KINDS), data: z.null(), _deleted: z.literal(true) }).strict(),
]);
export type ChartEntryDoc = z.infer<typeof chartEntrySchema>;
/** The entry of one kind. */
export type ChartEntryOf<K extends ChartEntryKind> = Extract<ChartEntryDoc, { kind: K; data: object }>;

export const chartEntryRxSchema = {
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: RX_ID,
    patientId: RX_ID,
    kind: { type: "string", maxLength: 20 },
    encounterId: { type: ["string", "null"], maxLength: 36 },
    data: { type: ["object", "null"] },
    updatedAt: RX_UPDATED_AT,
  },
  required: ["id", "patientId", "kind", "encounterId", "data", "updatedAt"],
  indexes: [["patientId", "kind"]],
} as const;

export const chartEntriesCollection: SyncCollection<ChartEntryDoc> = {
  name: "chart_entries",
  table: "chart_entries",
  schema: chartEntrySchema as unknown as z.ZodType<ChartEntryDoc>,
  rxSchema: chartEntryRxSchema,
  access: {
    // The patient reads their own entries through the patient's view: only what is shared with them (the edge's
    // chart/entries-sql.ts); an entry hidden from them reads as deleted.
    read: "careTeamOrPatient",
    scopeField: "patientId",
    // A device records a visit offline: the entry is created in its own table (edge/src/domains/chart/entry-writes.ts).
    create: "careTeam",
    writableFields: [],
    serverFields: ["kind", "encounterId", "data"],
    ownerOnlyEdits: [],
  },
  conflict: "server-wins",
  resolveConflict: serverWins,
  pushBatchSize: 100,
};
