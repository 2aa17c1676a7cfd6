/**
 * Orders (02 §3, §5, §7): labs, imaging requests, referrals, prescriptions,
 * e-prescribing and pharmacy search. One schema per call, shared by the PWA's
 * forms and the edge. Maximum lengths (02 §5 leaves them open; decided here):
 * medication display 105 and pharmacist message 210 (the NCPDP SCRIPT field
 * sizes), instructions (sig) 1,000, additional sig 500, imaging center 200,
 * clinical history and comments 2,000, referral reason 2,000, specialty and
 * receiving contact 200, lab comment 1,000. Every text refuses NUL.
 */
import { z } from "zod";
import { US_STATE_CODES } from "../us-states.ts";
import { isStorableText } from "../rules/storable-text.ts";
import { ALLERGY_TYPES } from "./medical-card.ts";

// What the calls answer: the schemas are in ./orders-answers.ts, their types are re-exported here.
export type {
  AllergyMatch, ErxProfileCheck, Imaging, Lab, OrderFile, OrderSummary, Prescription, Referral,
} from "./orders-answers.ts";

const text = (max: number, label = "This field") =>
  z.string().trim().max(max, `At most ${max.toLocaleString("en-US")} symbols`).refine(isStorableText, `${label} contains an invalid character`);
const required = (max: number, message: string) => text(max).pipe(z.string().min(1, message));
const page = {
  offset: z.coerce.number({ error: "Offset must be a number" }).int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number({ error: "Limit must be a number" }).int().min(1).max(100).default(20),
};
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "Invalid id");
const nothingToChange = (v: object) => Object.keys(v).length > 0;

export const ORDER_LIMITS = {
  medication: 105, pharmacistMessage: 210, instructions: 1000, additionalSig: 500, imagingCenter: 200,
  clinicalHistory: 2000, comments: 2000, reason: 2000, specialty: 200, contact: 200, labComment: 1000,
  quantityMax: 9999, refillsMax: 99, daysMax: 365,
} as const;

// ---- Labs
export const labCreateSchema = z.object({
  code: z.string({ error: "Choose a test" }).trim().regex(/^\d{1,7}-\d$/, "Choose a test from the list"),
  comment: text(ORDER_LIMITS.labComment).default(""),
}).strict();
export type LabCreate = z.output<typeof labCreateSchema>;
export const labUpdateSchema = z.object({
  code: labCreateSchema.shape.code.optional(),
  comment: text(ORDER_LIMITS.labComment).optional(),
}).strict().refine(nothingToChange, "Nothing to change");
export type LabUpdate = z.output<typeof labUpdateSchema>;
export const catalogueQuerySchema = z.object({
  search: text(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

// ---- Imaging
export const IMAGING_TYPES = ["MRI", "X-Ray", "CT", "Ultrasound"] as const;
export const BODY_PARTS = [
  "head-brain", "neck", "shoulder", "elbow", "wrist", "hand", "chest", "abdomen", "pelvis", "cervical", "thoracic",
  "lumbar", "sacrum spine", "hip", "knee", "ankle", "foot",
] as const;
export const LATERALITIES = ["right", "left", "bilateral", "not applicable"] as const;
export const CONTRAST = ["yes", "no", "not sure"] as const;
const imagingFields = {
  type: z.enum(IMAGING_TYPES, { error: "Type is one of MRI, X-Ray, CT, Ultrasound" }),
  bodyPart: z.enum(BODY_PARTS, { error: "Choose a body part" }),
  laterality: z.enum(LATERALITIES, { error: "Laterality is right, left, bilateral or not applicable" }),
  contrast: z.enum(CONTRAST, { error: "Contrast is yes, no or not sure" }),
  contrastAllergy: text(500).default(""),
  implants: text(500).default(""),
  clinicalHistory: text(ORDER_LIMITS.clinicalHistory).default(""),
  imagingCenter: text(ORDER_LIMITS.imagingCenter).default(""),
  comments: text(ORDER_LIMITS.comments).default(""),
};
export const imagingCreateSchema = z.object(imagingFields).strict();
export type ImagingCreate = z.output<typeof imagingCreateSchema>;
export const imagingUpdateSchema = z.object({
  type: imagingFields.type.optional(), bodyPart: imagingFields.bodyPart.optional(), laterality: imagingFields.laterality.optional(),
  contrast: imagingFields.contrast.optional(), contrastAllergy: text(500).optional(), implants: text(500).optional(),
  clinicalHistory: text(ORDER_LIMITS.clinicalHistory).optional(), imagingCenter: text(ORDER_LIMITS.imagingCenter).optional(),
  comments: text(ORDER_LIMITS.comments).optional(),
}).strict().refine(nothingToChange, "Nothing to change");
export type ImagingUpdate = z.output<typeof imagingUpdateSchema>;
export const imagingAttachmentDeleteSchema = z.object({ attachmentId: uuid }).strict();

// ---- Referrals
export const URGENCIES = ["routine", "urgent", "stat"] as const;
export const REFERRAL_STATUSES = ["draft", "sent", "scheduled", "completed", "cancelled"] as const;
export const referralCreateSchema = z.object({
  specialty: required(ORDER_LIMITS.specialty, "Enter the specialty"),
  reason: required(ORDER_LIMITS.reason, "Enter the reason"),
  urgency: z.enum(URGENCIES, { error: "Urgency is routine, urgent or stat" }).default("routine"),
  contactName: text(ORDER_LIMITS.contact).default(""),
  contactId: uuid.nullable().default(null),
}).strict();
export type ReferralCreate = z.output<typeof referralCreateSchema>;
export const referralUpdateSchema = z.object({
  specialty: required(ORDER_LIMITS.specialty, "Enter the specialty").optional(),
  reason: required(ORDER_LIMITS.reason, "Enter the reason").optional(),
  urgency: z.enum(URGENCIES, { error: "Urgency is routine, urgent or stat" }).optional(),
  contactName: text(ORDER_LIMITS.contact).optional(),
  contactId: uuid.nullable().optional(),
  status: z.enum(REFERRAL_STATUSES, { error: "Status is draft, sent, scheduled, completed or cancelled" }).optional(),
}).strict().refine(nothingToChange, "Nothing to change");
export type ReferralUpdate = z.output<typeof referralUpdateSchema>;

// ---- Prescriptions
export const PRESCRIPTION_STATUSES = ["draft", "current", "discontinued", "cancelled"] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];
/** 02 §3 eRx status codes. */
export const ERX_STATUS = { 0: "Not Transmitted", 1: "Print", 2: "Fax", 3: "Electronic retail", 4: "Electronic mail order", 5: "Test" } as const;
export const ERX_SUBSTATUS = { S: "Standard", P: "Renewal Request", D: "DrugSet", O: "Outside" } as const;
export const ARCHIVED_STATUS = { N: "Current", Y: "Discontinued", C: "Canceled" } as const;
export const TRANSMISSIONS = ["none", "pending", "transmitted", "error"] as const;
export const DISPENSE_UNITS = [
  "tablet", "capsule", "mL", "g", "each", "packet", "inhaler", "bottle", "patch", "pen", "film", "vial", "box",
] as const;

const rxFields = {
  medicationId: z.string({ error: "Choose a medication" }).trim().regex(/^\d{1,8}$/, "Choose a medication from the list"),
  instructions: required(ORDER_LIMITS.instructions, "Enter the instructions (sig)"),
  quantity: z.number({ error: "Quantity must be a whole number" }).int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1").max(ORDER_LIMITS.quantityMax, "Quantity is at most 9999"),
  unit: z.enum(DISPENSE_UNITS, { error: "Choose a unit" }),
  days: z.number({ error: "Days must be a whole number" }).int("Days must be a whole number")
    .min(1, "Days must be greater than 0").max(ORDER_LIMITS.daysMax, "Days are at most 365"),
  refills: z.number({ error: "Refills must be a whole number" }).int("Refills must be a whole number")
    .min(0, "Refills are 0 to 99").max(ORDER_LIMITS.refillsMax, "Refills are 0 to 99"),
  substitutionAllowed: z.boolean().default(true),
  daw: z.boolean().default(false),
  additionalSig: text(ORDER_LIMITS.additionalSig).default(""),
  pharmacistMessage: text(ORDER_LIMITS.pharmacistMessage).default(""),
  pharmacyId: z.string().trim().regex(/^\d{7}$/, "Choose a pharmacy").nullable().default(null),
};
const dawCheck = (v: { substitutionAllowed?: boolean; daw?: boolean }, ctx: z.RefinementCtx) => {
  if (v.daw && v.substitutionAllowed) {
    ctx.addIssue({ code: "custom", path: ["daw"], message: "Dispense as written means no substitution: untick one" });
  }
};
export const prescriptionCreateSchema = z.object(rxFields).strict().superRefine(dawCheck);
export type PrescriptionCreate = z.output<typeof prescriptionCreateSchema>;
/** `PUT /encounterPrescriptions/{id}`: a draft's fields, or a state change (current → discontinued; draft/current → cancelled). */
export const prescriptionUpdateSchema = z.object({
  medicationId: rxFields.medicationId.optional(), instructions: rxFields.instructions.optional(), quantity: rxFields.quantity.optional(),
  unit: rxFields.unit.optional(), days: rxFields.days.optional(), refills: rxFields.refills.optional(),
  substitutionAllowed: z.boolean().optional(), daw: z.boolean().optional(), additionalSig: text(ORDER_LIMITS.additionalSig).optional(),
  pharmacistMessage: text(ORDER_LIMITS.pharmacistMessage).optional(),
  pharmacyId: z.string().trim().regex(/^\d{7}$/, "Choose a pharmacy").nullable().optional(),
  status: z.enum(["discontinued", "cancelled"], { error: "Status is discontinued or cancelled" }).optional(),
}).strict().refine(nothingToChange, "Nothing to change").superRefine(dawCheck)
  .refine((v) => !v.status || Object.keys(v).length === 1, { message: "Change the status alone", path: ["status"] });
export type PrescriptionUpdate = z.output<typeof prescriptionUpdateSchema>;
/** `PUT /encounterPrescriptions/send/{id}`: the doctor confirms a flagged allergy. */
export const prescriptionSendSchema = z.object({ allergyOverride: z.boolean().default(false) }).strict();
export const prescriptionListQuerySchema = z.object({
  ...page,
  status: z.enum(PRESCRIPTION_STATUSES, { error: "Status is draft, current, discontinued or cancelled" }).optional(),
});
export const medicationQuerySchema = z.object({
  search: text(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

// ---- E-prescribing and pharmacies
export const pharmacySearchSchema = z.object({
  search: z.string({ error: "Enter at least 3 symbols" }).trim().min(3, "Enter at least 3 symbols").max(100)
    .refine(isStorableText, "The search contains an invalid character"),
  state: z.enum(US_STATE_CODES, { error: "Unknown state" }).optional(),
  offset: page.offset,
  limit: page.limit,
});
export const preferredPharmacySchema = z.object({
  pharmacyId: z.string().trim().regex(/^\d{7}$/, "Choose a pharmacy").nullable(),
}).strict();
export const outsideErxSchema = z.object({ patientId: uuid, doctorId: uuid, encounterId: uuid }).strict();
export const doctorErxCheckSchema = z.object({ doctorId: uuid.optional() });
export const allergySearchSchema = z.object({
  search: text(100).optional(),
  type: z.enum(ALLERGY_TYPES, { error: "Type is drug, food or environment" }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

// ---- Orders views
export const ORDER_KINDS = ["lab", "imaging", "referral", "prescription"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const ordersQuerySchema = z.object({
  ...page,
  kind: z.enum(ORDER_KINDS, { error: "Kind is lab, imaging, referral or prescription" }).optional(),
  /** open: not finished (labs and imaging without results, referrals not completed or cancelled, prescriptions draft or not yet transmitted). */
  state: z.enum(["open", "all"], { error: "State is open or all" }).default("open"),
  patientId: uuid.optional(),
  search: text(100).optional(),
});
export const orderPageSchema = z.object(page);
