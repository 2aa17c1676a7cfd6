/**
 * The `data` of an encounter's orders in `chart_entries` (issue 31): a lab, an imaging request and a referral
 * exactly as the orders API answers them, and a prescription without what the device derives from the shipped
 * lists (its pharmacy's address from `pharmacyId`, its allergy flags from the medication and the patient's
 * medical card): `prescriptionOf` makes the API's `Prescription` from it, on the device and in the tests.
 */
import { z } from "zod";
import { docIdSchema, isoTimestampSchema } from "../protocol.ts";
import { storableText } from "../rules/storable-text.ts";
import { allergyMatches } from "../data/allergens.ts";
import { medicationById } from "../data/medications.ts";
import { pharmacyById } from "../data/pharmacies.ts";
import {
  ARCHIVED_STATUS, BODY_PARTS, CONTRAST, ERX_STATUS, ERX_SUBSTATUS, type Imaging, IMAGING_TYPES, type Lab, LATERALITIES,
  type OrderFile, PRESCRIPTION_STATUSES, type Prescription, REFERRAL_STATUSES, type Referral, TRANSMISSIONS, URGENCIES,
} from "../schemas/orders.ts";

const id = docIdSchema;
const text = (max: number) => storableText(max);
const iso = isoTimestampSchema;
const created = { isShared: z.boolean(), createdBy: id, createdAt: iso, updatedAt: iso };

const orderFile = z.object({
  id, name: text(255), size: z.number().int().nonnegative(), contentType: text(255), uploadedAt: iso,
}).strict() satisfies z.ZodType<OrderFile>;
const resultState = z.enum(["ordered", "resulted"]);

export const labData = z.object({
  id, encounterId: id, patientId: id, code: text(10), name: text(300), comment: text(1_000), results: z.array(orderFile),
  resultsShared: z.boolean(), state: resultState, ...created,
}).strict() satisfies z.ZodType<Lab>;

export const imagingData = z.object({
  id, encounterId: id, patientId: id, type: z.enum(IMAGING_TYPES), bodyPart: z.enum(BODY_PARTS), laterality: z.enum(LATERALITIES),
  contrast: z.enum(CONTRAST), contrastAllergy: text(500), implants: text(500), clinicalHistory: text(2_000), imagingCenter: text(200),
  comments: text(2_000), attachments: z.array(orderFile), results: z.array(orderFile), state: resultState, ...created,
}).strict() satisfies z.ZodType<Imaging>;

export const referralData = z.object({
  id, encounterId: id, patientId: id, specialty: text(200), reason: text(2_000), urgency: z.enum(URGENCIES), contactName: text(200),
  contactId: id.nullable(), status: z.enum(REFERRAL_STATUSES), ...created,
}).strict() satisfies z.ZodType<Referral>;

/** A prescription as the device keeps it: the API's answer without `pharmacy` and `allergyMatches`. */
export type PrescriptionEntry = Omit<Prescription, "pharmacy" | "allergyMatches">;
const erxStatusCodes = Object.keys(ERX_STATUS).map(Number) as (keyof typeof ERX_STATUS)[];
export const prescriptionData = z.object({
  id, encounterId: id, patientId: id, doctorId: id, medicationId: text(8), medication: text(300), instructions: text(1_000),
  quantity: z.number().int(), unit: text(20), days: z.number().int(), refills: z.number().int(), substitutionAllowed: z.boolean(),
  daw: z.boolean(), additionalSig: text(500), pharmacistMessage: text(210), pharmacyId: text(7).nullable(),
  status: z.enum(PRESCRIPTION_STATUSES), isDraft: z.boolean(),
  erxStatus: z.number().int().refine((n) => erxStatusCodes.includes(n as keyof typeof ERX_STATUS)) as z.ZodType<keyof typeof ERX_STATUS>,
  erxSubstatus: z.enum(Object.keys(ERX_SUBSTATUS) as [keyof typeof ERX_SUBSTATUS]),
  archived: z.enum(Object.keys(ARCHIVED_STATUS) as [keyof typeof ARCHIVED_STATUS]), transmission: z.enum(TRANSMISSIONS),
  transmissionError: text(1_000).nullable(), sentAt: iso.nullable(), transmittedAt: iso.nullable(),
  createdBy: id, createdAt: iso, updatedAt: iso,
}).strict() satisfies z.ZodType<PrescriptionEntry>;

/** The API's `Prescription` from the device's entry and the patient's recorded allergies (the medical card's). */
export function prescriptionOf(p: PrescriptionEntry, allergies: readonly { name: string }[]): Prescription {
  const ph = p.pharmacyId ? pharmacyById.get(p.pharmacyId) ?? null : null;
  const med = medicationById.get(p.medicationId);
  return {
    ...p,
    pharmacy: ph ? { ncpdp: ph.ncpdp, name: ph.name, address: ph.address, city: ph.city, state: ph.state, zip: ph.zip, phone: ph.phone } : null,
    allergyMatches: med ? allergyMatches([...allergies], med) : [],
  };
}
