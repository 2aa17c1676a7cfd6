/**
 * A chart entry made on a device (issue 31) and the chart API's input it stands for, both ways, so the device and
 * the edge apply the same zod rules: `newChartEntry` builds the document a device stores from a form's input (the
 * input the API call would take), in the API's answer shape with what the server will set filled in as it will
 * (author, BMI, the ICD-10 description, a prescription draft's medication name); `entryInput` reads the call's input back from a pushed document, checked
 * with the call's schema (edge/src/domains/chart/entry-writes.ts).
 */
import { icd10ByCode } from "../data/icd10.ts";
import { type DiagnosisCreate, diagnosisCreateSchema } from "../schemas/diagnosis.ts";
import { type EncounterCreate, encounterCreateSchema } from "../schemas/encounter.ts";
import { type ProblemCreate, problemCreateSchema } from "../schemas/problem.ts";
import { bmiOf, type VitalsCreate, vitalsCreateSchema } from "../schemas/vitals.ts";
import { medicationById } from "../data/medications.ts";
import { type PrescriptionCreate, prescriptionCreateSchema, type ReferralCreate, referralCreateSchema } from "../schemas/orders.ts";
import type { ChartEntryDoc } from "./chart-entries.ts";

export type NewChartEntry =
  | { kind: "vitals"; patientId: string; input: VitalsCreate }
  | { kind: "problem"; patientId: string; input: ProblemCreate }
  | { kind: "encounter"; patientId: string; input: EncounterCreate }
  | { kind: "diagnosis"; patientId: string; encounterId: string; input: DiagnosisCreate }
  | { kind: "prescription"; patientId: string; encounterId: string; input: PrescriptionCreate }
  | { kind: "referral"; patientId: string; encounterId: string; input: ReferralCreate };

/** Who records it: the signed-in user, and the practice's doctor (an encounter's `doctorId`). */
export type EntryAuthor = { id: string; firstName: string; lastName: string; doctorId: string };

const iso = (value: string) => new Date(value).toISOString();

/** The document a device stores for a new entry (`now`: the device's ISO time; `id`: a new lower-case UUID). */
export function newChartEntry(entry: NewChartEntry, by: EntryAuthor, now: string, id: string): ChartEntryDoc {
  const base = { id, patientId: entry.patientId, updatedAt: 0, _deleted: false };
  const created = { isShared: false, createdBy: by.id, createdAt: now };
  switch (entry.kind) {
    case "vitals": {
      const v = entry.input;
      return {
        ...base, kind: "vitals", encounterId: v.encounterId ?? null,
        data: {
          id, patientId: entry.patientId, encounterId: v.encounterId ?? null, consultationId: null, bloodPressure: v.bloodPressure ?? null,
          heartRate: v.heartRate ?? null, weight: v.weight ?? null, height: v.height ?? null, bmi: bmiOf(v.weight, v.height),
          temperature: v.temperature ?? null, respiratoryRate: v.respiratoryRate ?? null, format: "imperial", source: "manual",
          recordedBy: { id: by.id, firstName: by.firstName, lastName: by.lastName }, recordedAt: v.recordedAt ? iso(v.recordedAt) : now,
        },
      };
    }
    case "problem": {
      const p = entry.input;
      return {
        ...base, kind: "problem", encounterId: null,
        data: { id, patientId: entry.patientId, name: p.name, code: p.code ?? null, status: p.status, onset: p.onset, comment: p.comment, ...created },
      };
    }
    case "encounter": {
      const e = entry.input;
      return {
        ...base, kind: "encounter", encounterId: null,
        data: {
          id, patientId: entry.patientId, doctorId: by.doctorId, type: e.type, reason: e.reason, encounterDatetime: iso(e.datetime),
          consultationId: e.consultationId ?? null, details: e.details ?? "", ...created, updatedAt: now,
        },
      };
    }
    case "diagnosis": {
      const d = entry.input;
      return {
        ...base, kind: "diagnosis", encounterId: entry.encounterId,
        data: {
          id, encounterId: entry.encounterId, patientId: entry.patientId, code: d.code,
          description: icd10ByCode.get(d.code)?.description ?? d.code, comment: d.comment, ...created,
        },
      };
    }
    case "referral": {
      const r = entry.input;
      return {
        ...base, kind: "referral", encounterId: entry.encounterId,
        data: {
          id, encounterId: entry.encounterId, patientId: entry.patientId, specialty: r.specialty, reason: r.reason, urgency: r.urgency,
          contactName: r.contactName, contactId: r.contactId, status: "draft", isShared: false, createdBy: by.id, createdAt: now,
          updatedAt: now,
        },
      };
    }
    case "prescription": {
      const p = entry.input;
      return {
        ...base, kind: "prescription", encounterId: entry.encounterId,
        data: {
          id, encounterId: entry.encounterId, patientId: entry.patientId, doctorId: by.doctorId, medicationId: p.medicationId,
          medication: medicationById.get(p.medicationId)?.display ?? p.medicationId, instructions: p.instructions, quantity: p.quantity,
          unit: p.unit, days: p.days, refills: p.refills, substitutionAllowed: p.substitutionAllowed && !p.daw, daw: p.daw,
          additionalSig: p.additionalSig, pharmacistMessage: p.pharmacistMessage, pharmacyId: p.pharmacyId, status: "draft", isDraft: true,
          erxStatus: 0, erxSubstatus: "S", archived: "N", transmission: "none", transmissionError: null, sentAt: null, transmittedAt: null,
          createdBy: by.id, createdAt: now, updatedAt: now,
        },
      };
    }
  }
}

const undef = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** The call's input a pushed entry stands for, checked with the call's schema; null when it does not pass. */
export function entryInput(doc: ChartEntryDoc) {
  if (doc.data === null) return null;
  switch (doc.kind) {
    case "vitals": {
      const v = doc.data;
      const parsed = vitalsCreateSchema.safeParse({
        encounterId: undef(v.encounterId), bloodPressure: undef(v.bloodPressure), heartRate: undef(v.heartRate),
        weight: undef(v.weight), height: undef(v.height), temperature: undef(v.temperature),
        respiratoryRate: undef(v.respiratoryRate), recordedAt: v.recordedAt,
      });
      return parsed.success ? { kind: "vitals" as const, input: parsed.data } : null;
    }
    case "problem": {
      const p = doc.data;
      const parsed = problemCreateSchema.safeParse({ name: p.name, code: undef(p.code), status: p.status, onset: p.onset, comment: p.comment });
      return parsed.success ? { kind: "problem" as const, input: parsed.data } : null;
    }
    case "diagnosis": {
      const d = doc.data;
      const parsed = diagnosisCreateSchema.safeParse({ code: d.code, comment: d.comment });
      return parsed.success && icd10ByCode.has(parsed.data.code) ? { kind: "diagnosis" as const, input: parsed.data, encounterId: d.encounterId } : null;
    }
    case "encounter": {
      const e = doc.data;
      const parsed = encounterCreateSchema.safeParse({
        type: e.type, reason: e.reason, datetime: e.encounterDatetime, consultationId: undef(e.consultationId), details: e.details,
      });
      return parsed.success ? { kind: "encounter" as const, input: parsed.data } : null;
    }
    case "prescription": {
      const p = doc.data;
      // Only a draft is made on a device: sending it to the pharmacy is the orders API's, online.
      if (p.status !== "draft") return null;
      const parsed = prescriptionCreateSchema.safeParse({
        medicationId: p.medicationId, instructions: p.instructions, quantity: p.quantity, unit: p.unit, days: p.days, refills: p.refills,
        substitutionAllowed: p.substitutionAllowed, daw: p.daw, additionalSig: p.additionalSig, pharmacistMessage: p.pharmacistMessage,
        pharmacyId: p.pharmacyId,
      });
      return parsed.success ? { kind: "prescription" as const, input: parsed.data, encounterId: p.encounterId } : null;
    }
    case "referral": {
      const r = doc.data;
      // Only an unshared draft is made on a device: sending and sharing are the orders API's, online.
      if (r.status !== "draft" || r.isShared) return null;
      const parsed = referralCreateSchema.safeParse({
        specialty: r.specialty, reason: r.reason, urgency: r.urgency, contactName: r.contactName, contactId: r.contactId,
      });
      return parsed.success ? { kind: "referral" as const, input: parsed.data, encounterId: r.encounterId } : null;
    }
    default:
      // Labs and imaging are ordered online (the orders API); a device does not create them.
      return null;
  }
}
