/**
 * Chart entries made on a device (issue 31: a home visit with no network): a push of a new `chart_entries`
 * document is a create of the entry in its own table, with the device's id, under the same rules as the chart
 * API: the entry's data must pass the call's zod schema (`POST /vitals/patient/{id}`, `/problems/patient/{id}`,
 * `/encounters/{patientId}`, `/diagnoses/create/{encounterId}`); the care team records vitals and problems, the
 * doctor alone encounters and diagnoses; an encounter named must be the patient's and not deleted; a diagnosis
 * code must be in the shipped ICD-10 list; a consultation named must be the patient's with this doctor. What
 * breaks a rule is refused (the refused tombstone: the device drops it, `sync/README.md`). The server sets the
 * author and its own times (a vitals reading keeps the time it was taken); the written row's trigger marks the
 * entry, and the flush after the push request sends the server's version to every device of the care team.
 * A prescription draft is the orders domain's to check and write (orders/device-drafts.ts, passed in).
 * Nothing is ever edited or deleted by push: those stay the chart API's, online.
 */
import type { Actor } from "../../access/actor.ts";
import type { Clock } from "../../platform/clock.ts";
import type { SyncWrite } from "../sync/writer.ts";
import { careTeamDoctorOf } from "../sync/scopes.ts";
import { icd10ByCode } from "../../../../sync/data/icd10.ts";
import { type ChartEntryDoc, entryInput } from "../../../../sync/collections/index.ts";
import { bmiOf } from "../../../../sync/schemas/vitals.ts";
import type { createDeviceDrafts } from "../orders/device-drafts.ts";

/** Instants PostgreSQL stores (the schemas take any ISO time, year 0000 included), and a BMI above 0. */
const sane = (iso: string | undefined) => {
  if (iso === undefined) return true;
  const year = new Date(iso).getUTCFullYear();
  return year >= 1900 && year <= 2200;
};
function storable(entry: NonNullable<ReturnType<typeof entryInput>>): boolean {
  if (entry.kind === "encounter") return sane(entry.input.datetime);
  if (entry.kind === "vitals") {
    const bmi = bmiOf(entry.input.weight, entry.input.height);
    return sane(entry.input.recordedAt) && (bmi === null || bmi > 0);
  }
  return true;
}

/** The orders domain's writes of what a device drafts (orders/device-drafts.ts), passed in. */
export type DeviceDraftWrites = ReturnType<typeof createDeviceDrafts>;

export function createEntryWrites(deps: { clock: Clock; drafts: DeviceDraftWrites }) {
  /** The encounter is this patient's and not deleted. */
  const encounterOf = async (w: SyncWrite, patientId: string, encounterId: string) =>
    (await w.tx`select 1 from encounters where id = ${encounterId} and patient_id = ${patientId} and deleted_at is null`).length > 0;

  return {
    /** Whether the actor may create this entry (beyond the care-team scope the collection checks). */
    async accepts(w: SyncWrite, actor: Actor, doc: ChartEntryDoc): Promise<boolean> {
      // A device never makes an intake entry (the patient's form is the consultation API's).
      if (doc._deleted || doc.data === null || doc.kind === "intake" || doc.data.id !== doc.id || doc.data.patientId !== doc.patientId) {
        return false;
      }
      const entry = entryInput(doc);
      if (!entry) return false;
      // What the tables cannot store would answer 500 on every retry and block the device's queue: refused instead.
      if (!storable(entry)) return false;
      const doctorOnly = entry.kind === "encounter" || entry.kind === "diagnosis";
      if (doctorOnly && actor.role !== "doctor") return false;
      switch (entry.kind) {
        case "prescription":
          return doc.encounterId === entry.encounterId
            && await deps.drafts.accepts(w, actor, { patientId: doc.patientId, encounterId: entry.encounterId, input: entry.input });
        case "referral":
          return doc.encounterId === entry.encounterId
            && await deps.drafts.acceptsReferral(w, actor, { patientId: doc.patientId, encounterId: entry.encounterId, input: entry.input });
        case "vitals":
          if (doc.encounterId !== (entry.input.encounterId ?? null)) return false;
          return !entry.input.encounterId || await encounterOf(w, doc.patientId, entry.input.encounterId);
        case "problem":
          return doc.encounterId === null;
        case "diagnosis":
          return doc.encounterId === entry.encounterId && await encounterOf(w, doc.patientId, entry.encounterId);
        case "encounter": {
          if (doc.encounterId !== null) return false;
          const consultationId = entry.input.consultationId;
          if (!consultationId) return true;
          return (await w.tx`select 1 from consultations where id = ${consultationId} and patient_id = ${doc.patientId}
            and doctor_id = ${careTeamDoctorOf(actor)}`).length > 0;
        }
      }
    },

    /** Writes the entry into its own table with the device's id (`accepts` said yes in this transaction). */
    async insert(w: SyncWrite, actor: Actor, doc: ChartEntryDoc): Promise<void> {
      const entry = entryInput(doc)!;
      const now = deps.clock.now();
      const { tx } = w;
      switch (entry.kind) {
        case "prescription":
          return await deps.drafts.insert(w, actor, doc.id, { patientId: doc.patientId, encounterId: entry.encounterId, input: entry.input });
        case "referral":
          return await deps.drafts.insertReferral(w, actor, doc.id, { patientId: doc.patientId, encounterId: entry.encounterId, input: entry.input });
        case "vitals": {
          const v = entry.input;
          const [sys, dia] = v.bloodPressure ? v.bloodPressure.split("/").map(Number) : [null, null];
          await tx`insert into vitals (id, patient_id, encounter_id, systolic, diastolic, heart_rate, weight_lbs, height_in, bmi,
              temperature_f, respiratory_rate, source, recorded_by, recorded_at, created_at)
            values (${doc.id}, ${doc.patientId}, ${v.encounterId ?? null}, ${sys}, ${dia}, ${v.heartRate ?? null}, ${v.weight ?? null},
              ${v.height ?? null}, ${bmiOf(v.weight, v.height)}, ${v.temperature ?? null}, ${v.respiratoryRate ?? null}, 'manual',
              ${actor.userId}, ${v.recordedAt ? new Date(v.recordedAt) : now}, ${now})`;
          return;
        }
        case "problem": {
          const p = entry.input;
          await tx`insert into problems (id, patient_id, name, code, status, onset, comment, created_by, created_at, updated_at)
            values (${doc.id}, ${doc.patientId}, ${p.name}, ${p.code ?? null}, ${p.status}, ${p.onset}, ${p.comment}, ${actor.userId}, ${now}, ${now})`;
          return;
        }
        case "diagnosis": {
          const icd = icd10ByCode.get(entry.input.code)!;
          await tx`insert into diagnoses (id, encounter_id, patient_id, code, description, comment, created_by, created_at, updated_at)
            values (${doc.id}, ${entry.encounterId}, ${doc.patientId}, ${icd.code}, ${icd.description}, ${entry.input.comment},
              ${actor.userId}, ${now}, ${now})`;
          return;
        }
        case "encounter": {
          const e = entry.input;
          await tx`insert into encounters (id, patient_id, doctor_id, type, reason, encounter_datetime, consultation_id, details,
              created_by, created_at, updated_at)
            values (${doc.id}, ${doc.patientId}, ${actor.userId}, ${e.type}, ${e.reason}, ${new Date(e.datetime)},
              ${e.consultationId ?? null}, ${e.details ?? ""}, ${actor.userId}, ${now}, ${now})`;
          return;
        }
      }
    },
  };
}
