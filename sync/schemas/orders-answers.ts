/**
 * What the orders calls answer (the envelope's `result`, edge/src/domains/orders/routes.ts): labs, imaging
 * requests, referrals, prescriptions, their e-prescribing state, the orders lists and the shipped catalogues
 * (lab tests, medications, pharmacies, allergens). The inputs are in ./orders.ts, which re-exports the types.
 */
import { z } from "zod";
import type { Allergen } from "../data/allergens.ts";
import type { LabCategory, LabTest } from "../data/lab-tests.ts";
import type { Medication, Schedule } from "../data/medications.ts";
import type { Pharmacy } from "../data/pharmacies.ts";
import { US_STATE_CODES } from "../us-states.ts";
import { ALLERGY_TYPES } from "./medical-card.ts";
import {
  ARCHIVED_STATUS, BODY_PARTS, CONTRAST, ERX_STATUS, ERX_SUBSTATUS, IMAGING_TYPES, LATERALITIES, ORDER_KINDS, PRESCRIPTION_STATUSES,
  REFERRAL_STATUSES, TRANSMISSIONS, URGENCIES,
} from "./orders.ts";

/** Compile-time: a schema's output and a type the catalogues (sync/data) declare are the same both ways. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(_: Same<A, B>) => {};
const keysOf = <T extends Record<string, unknown>>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

const at = z.iso.datetime();
const created = { isShared: z.boolean(), createdBy: z.uuid(), createdAt: at, updatedAt: at };
const resultState = z.enum(["ordered", "resulted"]);

/** A stored file of an order (a lab result, an imaging attachment or result). */
export const orderFileSchema = z.object({
  id: z.uuid(), name: z.string(), size: z.number().int(), contentType: z.string(), uploadedAt: at,
}).strict();

// ---- Labs
export const labSchema = z.object({
  id: z.uuid(), encounterId: z.uuid(), patientId: z.uuid(), code: z.string(), name: z.string(), comment: z.string(),
  results: z.array(orderFileSchema), resultsShared: z.boolean(), state: resultState, ...created,
}).strict();
const LAB_CATEGORIES = ["Panel", "Chemistry", "Hematology", "Endocrine", "Urine", "Infectious", "Cardiac", "Other"] as const;
/** `GET /encounterLabs/dropdown/list`: the shipped lab tests (sync/data/lab-tests.ts). */
export const labTestSchema = z.object({
  code: z.string(), name: z.string(), category: z.enum(LAB_CATEGORIES), aliases: z.array(z.string()),
}).strict();
same<z.output<typeof labTestSchema>, LabTest>(true);
same<(typeof LAB_CATEGORIES)[number], LabCategory>(true);

// ---- Imaging
export const imagingSchema = z.object({
  id: z.uuid(), encounterId: z.uuid(), patientId: z.uuid(), type: z.enum(IMAGING_TYPES), bodyPart: z.enum(BODY_PARTS),
  laterality: z.enum(LATERALITIES), contrast: z.enum(CONTRAST), contrastAllergy: z.string(), implants: z.string(),
  clinicalHistory: z.string(), imagingCenter: z.string(), comments: z.string(), attachments: z.array(orderFileSchema),
  results: z.array(orderFileSchema), state: resultState, ...created,
}).strict();
/** `GET /encounterImagings/list/dropdown`: the imaging form's choices. */
export const imagingChoicesSchema = z.object({
  types: z.array(z.enum(IMAGING_TYPES)), bodyParts: z.array(z.enum(BODY_PARTS)), lateralities: z.array(z.enum(LATERALITIES)),
  contrast: z.array(z.enum(CONTRAST)),
}).strict();

// ---- Referrals
export const referralSchema = z.object({
  id: z.uuid(), encounterId: z.uuid(), patientId: z.uuid(), specialty: z.string(), reason: z.string(), urgency: z.enum(URGENCIES),
  // Any 8-4-4-4-12 hex id (the input's check), not only an RFC 4122 one.
  contactName: z.string(), contactId: z.guid().nullable(), status: z.enum(REFERRAL_STATUSES), ...created,
}).strict();

/** Sharing or unsharing a lab, an imaging request or a referral. */
export const orderShareSchema = z.object({ id: z.uuid(), isShared: z.boolean() }).strict();

// ---- Pharmacies
/** A pharmacy of the shipped directory (sync/data/pharmacies.ts). */
export const pharmacySchema = z.object({
  ncpdp: z.string(), npi: z.string(), name: z.string(), address: z.string(), city: z.string(), state: z.enum(US_STATE_CODES),
  zip: z.string(), phone: z.string(), fax: z.string(), erx: z.boolean(),
}).strict();
same<z.output<typeof pharmacySchema>, Pharmacy>(true);
/** `GET|PUT /patient/pharmacy/{id}`: the patient's preferred pharmacy, or null. */
export const preferredPharmacyAnswerSchema = z.object({ pharmacy: pharmacySchema.nullable() }).strict();

// ---- Prescriptions
const ERX_STATUS_CODES = [0, 1, 2, 3, 4, 5] as const;
same<(typeof ERX_STATUS_CODES)[number], keyof typeof ERX_STATUS>(true);
const erxCodes = {
  erxStatus: z.literal(ERX_STATUS_CODES), erxSubstatus: z.enum(keysOf(ERX_SUBSTATUS)), archived: z.enum(keysOf(ARCHIVED_STATUS)),
};
export const allergyMatchSchema = z.object({ allergy: z.string(), reason: z.string() }).strict();
export const prescriptionSchema = z.object({
  id: z.uuid(), encounterId: z.uuid(), patientId: z.uuid(), doctorId: z.uuid(),
  // Empty for a prescription imported from the vendor without an RxCUI.
  medicationId: z.string(), medication: z.string(),
  instructions: z.string(), quantity: z.number().int(), unit: z.string(), days: z.number().int(), refills: z.number().int(),
  substitutionAllowed: z.boolean(), daw: z.boolean(), additionalSig: z.string(), pharmacistMessage: z.string(),
  pharmacyId: z.string().nullable(),
  pharmacy: pharmacySchema.pick({ ncpdp: true, name: true, address: true, city: true, state: true, zip: true, phone: true }).nullable(),
  status: z.enum(PRESCRIPTION_STATUSES), isDraft: z.boolean(), ...erxCodes, transmission: z.enum(TRANSMISSIONS),
  transmissionError: z.string().nullable(), sentAt: at.nullable(), transmittedAt: at.nullable(), allergyMatches: z.array(allergyMatchSchema),
  createdBy: z.uuid(), createdAt: at, updatedAt: at,
}).strict();
const SCHEDULES = ["C2", "C3", "C4", "C5"] as const;
same<(typeof SCHEDULES)[number], Schedule>(true);
/** A medication of the shipped list (sync/data/medications.ts). */
export const medicationSchema = z.object({
  rxcui: z.string(), name: z.string(), strength: z.string(), form: z.string(), display: z.string(), drugClass: z.string(),
  unit: z.string(), schedule: z.enum(SCHEDULES).nullable(), excluded: z.boolean(),
}).strict();
same<z.output<typeof medicationSchema>, Medication>(true);
/** `GET /encounterPrescriptions/medications`: each with why it cannot be prescribed here, or null. */
export const medicationChoiceSchema = medicationSchema.extend({ refusal: z.string().nullable() }).strict();

// ---- E-prescribing
/** `GET /erx/{id}`: a prescription's e-prescribing state. */
export const erxStateSchema = z.object({
  id: z.uuid(), vendor: z.string(), status: z.enum(PRESCRIPTION_STATUSES), transmission: z.enum(TRANSMISSIONS),
  transmissionError: z.string().nullable(), erxStatus: erxCodes.erxStatus, erxStatusLabel: z.enum(ERX_STATUS),
  erxSubstatus: erxCodes.erxSubstatus, erxSubstatusLabel: z.enum(ERX_SUBSTATUS), archived: erxCodes.archived,
  archivedLabel: z.enum(ARCHIVED_STATUS), sentAt: at.nullable(), transmittedAt: at.nullable(),
}).strict();
/** `POST /outsideEntries/erx`: the prescriptions imported, and how many the vendor listed that could not be. */
export const outsideErxImportSchema = z.object({ imported: z.array(prescriptionSchema), skipped: z.number().int() }).strict();
/** `POST /erx/callbacks`: the vendor's report is queued. */
export const erxCallbackAnswerSchema = z.object({ received: z.literal(true) }).strict();
/** `/doctors/check/erx`, `/patient/check/erx/{id}`: whether the profile is complete for e-prescribing, and what it lacks. */
export const erxProfileCheckSchema = z.object({ complete: z.boolean(), missing: z.array(z.string()) }).strict();

// ---- Allergens
/** `GET /allergies`: allergens to record on the medical card (sync/data/allergens.ts). */
export const allergenSchema = z.object({ name: z.string(), type: z.enum(ALLERGY_TYPES) }).strict();
same<z.output<typeof allergenSchema>, Allergen>(true);

// ---- Orders views
/** One row of the encounter's orders list and of `/orders`. */
export const orderSummarySchema = z.object({
  kind: z.enum(ORDER_KINDS), id: z.uuid(), encounterId: z.uuid(), patientId: z.uuid(), patientName: z.string(), title: z.string(),
  /** ordered, resulted, a referral's status, a prescription's status (with its transmission). */
  state: z.string(), transmission: z.enum(TRANSMISSIONS).nullable(), isShared: z.boolean(), open: z.boolean(), createdAt: at, updatedAt: at,
}).strict();

export type OrderFile = z.output<typeof orderFileSchema>;
export type Lab = z.output<typeof labSchema>;
export type Imaging = z.output<typeof imagingSchema>;
export type Referral = z.output<typeof referralSchema>;
export type OrderShare = z.output<typeof orderShareSchema>;
export type PreferredPharmacyAnswer = z.output<typeof preferredPharmacyAnswerSchema>;
export type AllergyMatch = z.output<typeof allergyMatchSchema>;
export type Prescription = z.output<typeof prescriptionSchema>;
export type MedicationChoice = z.output<typeof medicationChoiceSchema>;
export type ErxState = z.output<typeof erxStateSchema>;
export type OutsideErxImport = z.output<typeof outsideErxImportSchema>;
export type ErxCallbackAnswer = z.output<typeof erxCallbackAnswerSchema>;
export type ErxProfileCheck = z.output<typeof erxProfileCheckSchema>;
export type OrderSummary = z.output<typeof orderSummarySchema>;
