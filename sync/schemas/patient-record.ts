/**
 * The chart's patient calls (02 §7 "Patients"): create, edit general, the care
 * team's per-record editing of the medical card (each record carries an `_id`),
 * the practice's patient list and the e-prescribing profile check.
 */
import { z } from "zod";
import {
  ALLERGY_TYPES,
  allergySchema,
  familyHistorySchema,
  medicationSchema,
  pastMedicalSchema,
  socialHistorySchema,
  surgicalSchema,
} from "./medical-card.ts";

const name = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(34, `${label} must be under 35 symbols`);
const birthDate = z.iso.date("Enter a complete birth date: month, day and year").refine(
  (d) => d >= "1900-01-01" && d <= new Date().toISOString().slice(0, 10),
  "Birth date cannot be after today or before 1900",
);

/** `PUT /patient/edit/general/{id}`. */
export const patientGeneralSchema = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  middleName: z.string().trim().max(34, "Middle name must be under 35 symbols").optional().default(""),
  birthDate,
  gender: z.enum(["Male", "Female"], { error: "Choose Male or Female" }),
}).strict();
export type PatientGeneral = z.output<typeof patientGeneralSchema>;

/** `POST /patient`: a doctor (or their VMA) adds a patient to the practice. */
export const patientCreateSchema = patientGeneralSchema.extend({
  email: z.email("Enter a valid email").max(254),
  phoneNumber: z.string().trim().regex(/^\+?[0-9 ()-]{7,20}$/, "Enter a valid phone number").optional(),
}).strict();
export type PatientCreate = z.output<typeof patientCreateSchema>;

export const RECORD_TYPES = ["allergies", "medications", "pastMedicalHistory", "surgicalHistory", "familyHistory", "socialHistory"] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
const recordId = z.uuid("Invalid record id");
const withId = <T extends z.ZodObject>(s: T) => s.extend({ _id: recordId.optional() }).strict();

/**
 * `POST /patient/edit-record/{patientId}`: adds a record (no `_id`) or replaces
 * the one with that `_id`. `noSignificant` sets the marker of allergies or
 * family history (and may come without a record); social history is one record.
 */
export const recordEditSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("allergies"), record: withId(allergySchema).optional(), noSignificant: z.boolean().optional() }).strict(),
  z.object({ type: z.literal("medications"), record: withId(medicationSchema) }).strict(),
  z.object({ type: z.literal("pastMedicalHistory"), record: withId(pastMedicalSchema) }).strict(),
  z.object({ type: z.literal("surgicalHistory"), record: withId(surgicalSchema) }).strict(),
  z.object({ type: z.literal("familyHistory"), record: withId(familyHistorySchema).optional(), noSignificant: z.boolean().optional() }).strict(),
  z.object({ type: z.literal("socialHistory"), record: socialHistorySchema.strict() }).strict(),
], { error: `Type is one of ${RECORD_TYPES.join(", ")}` }).refine(
  (v) => "record" in v && v.record !== undefined || ("noSignificant" in v && v.noSignificant !== undefined),
  { message: "Send a record or noSignificant", path: ["record"] },
);
export type RecordEdit = z.output<typeof recordEditSchema>;

/**
 * `POST /patient/{patientId}` (02 §7; its body not shown, decided here): adds one record to a list of the medical card,
 * as `edit-record` does without an `_id`. A record with an `_id` is a change: `edit-record` makes it.
 */
export const recordAddSchema = recordEditSchema.refine(
  (v) => !("record" in v && v.record && "_id" in v.record && v.record._id !== undefined),
  { message: "A new record has no id: change an existing one with edit-record", path: ["record", "_id"] },
);

/**
 * `PUT /patient/{patientId}` (02 §7; not shown, decided here): the care team updates the patient's contact phone.
 * The email is the patient's sign-in and the state their own declaration (it decides which doctors may treat them),
 * so neither changes here.
 */
export const patientContactSchema = z.object({
  phoneNumber: z.string().trim().regex(/^\+?[0-9 ()-]{7,20}$/, "Enter a valid phone number").nullable(),
}).strict();
export type PatientContact = z.output<typeof patientContactSchema>;

/** `POST /patient/delete-record/{patientId}`. */
export const recordDeleteSchema = z.object({
  type: z.enum(RECORD_TYPES.filter((t) => t !== "socialHistory") as [RecordType, ...RecordType[]], {
    error: "Type is one of allergies, medications, pastMedicalHistory, surgicalHistory, familyHistory",
  }),
  _id: recordId,
}).strict();

/** `POST /doctorPatients/list` (02 §3: doctorPatientsOrder default currentDoctor 1). */
export const PATIENT_ORDER_FIELDS = ["currentDoctor", "name", "birthDate", "createdAt", "lastEncounter"] as const;
export const doctorPatientsListSchema = z.object({
  offset: z.number({ error: "Offset must be a number" }).int().min(0).max(1_000_000).default(0),
  limit: z.number({ error: "Limit must be a number" }).int().min(1).max(100).default(20),
  filter: z.object({
    search: z.string().trim().max(100).optional(),
    gender: z.enum(["Male", "Female"]).optional(),
  }).strict().default({}),
  order: z.partialRecord(z.enum(PATIENT_ORDER_FIELDS, { error: "Unknown order field" }), z.union([z.literal(1), z.literal(-1)]))
    .refine((o) => Object.keys(o).length <= 1, "Order by one field")
    .default({ currentDoctor: 1 }),
}).strict();

/** The fields e-prescribing needs on the patient's profile (`GET /patient/check/erx/{id}`). */
export const ERX_REQUIRED_FIELDS = ["firstName", "lastName", "birthDate", "gender", "phoneNumber", "address", "city", "state", "zip"] as const;
export const erxCheckSchema = z.object({ complete: z.boolean(), missing: z.array(z.enum(ERX_REQUIRED_FIELDS)) }).strict();
export type ErxCheck = z.output<typeof erxCheckSchema>;

/** A patient as the chart's calls answer them. */
export const chartPatientSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  middleName: z.string(),
  birthDate: z.iso.date().nullable(),
  gender: z.enum(["Male", "Female"]).nullable(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  doctorId: z.uuid().nullable(),
  lastEncounterAt: z.iso.datetime().nullable(),
}).strict();
export type ChartPatient = z.output<typeof chartPatientSchema>;

/**
 * The medical card as the care team reads and edits it (`GET /patient/{id}` `medicalCard`, edit-record,
 * delete-record): the stored records, each with its `_id`; social history is null until someone saved it.
 */
const cardRecord = <T extends z.ZodRawShape>(shape: T) => z.object({ _id: z.uuid(), ...shape }).strict();
export const chartCardSchema = z.object({
  allergies: z.array(cardRecord({
    name: z.string(),
    // Absent from allergies stored before allergies had a type (the demo practice's card too).
    type: z.enum(["", ...ALLERGY_TYPES]).optional(),
    reaction: z.string(),
    comment: z.string(),
  })),
  allergiesNoSignificant: z.boolean(),
  medications: z.array(cardRecord({ name: z.string(), dose: z.string(), frequency: z.string() })),
  pastMedicalHistory: z.array(cardRecord({ disease: z.string(), date: z.string() })),
  surgicalHistory: z.array(cardRecord({ surgery: z.string(), date: z.string() })),
  familyHistory: z.array(cardRecord({ member: z.string(), condition: z.string(), status: z.enum(["living", "deceased"]) })),
  familyHistoryNoSignificant: z.boolean(),
  socialHistory: socialHistorySchema.strict().nullable(),
}).strict();
export type ChartCard = z.output<typeof chartCardSchema>;

/** `GET /patient/{id}`: the patient and their medical card. */
export const patientChartSchema = chartPatientSchema.extend({ medicalCard: chartCardSchema }).strict();
export type PatientChart = z.output<typeof patientChartSchema>;

/** `DELETE /patient/{id}`: the patient left the practice. */
export const patientDetachedSchema = z.object({ id: z.uuid(), detached: z.literal(true) }).strict();
export type PatientDetached = z.output<typeof patientDetachedSchema>;
