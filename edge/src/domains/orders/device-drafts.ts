/**
 * A prescription drafted on a device (issue 31: a home visit with no network): a push of a new `chart_entries`
 * document of kind `prescription` is the draft `POST /encounterPrescriptions/{encounterId}` would make, under that
 * call's rules: the doctor alone prescribes; the encounter must be this patient's and not deleted; the medication
 * must be in the shipped list and not one the policy refuses; the pharmacy, if any, in the directory; days and
 * refills within the patient's plan with this doctor. What breaks a rule is refused (the device keeps it in
 * "changes not accepted"). Only a draft is made this way: sending it to the pharmacy stays the API's, online,
 * with its allergy confirmation. A referral draft (`POST /encounterReferrals/{encounterId}`) is the care team's,
 * a VMA's too, on an encounter of the patient; sending and sharing it stay online.
 */
import type { Actor } from "../../access/actor.ts";
import type { Clock } from "../../platform/clock.ts";
import type { SyncWrite } from "../sync/writer.ts";
import { medicationById, medicationRefusal } from "../../../../sync/data/medications.ts";
import { pharmacyById } from "../../../../sync/data/pharmacies.ts";
import type { PrescriptionCreate, ReferralCreate } from "../../../../sync/schemas/orders.ts";
import type { Queryable } from "../../db/connect.ts";
import { limitErrors, type PlanKind, prescriptionLimitsFor } from "./plan-limits.ts";

export type DeviceDraft = { patientId: string; encounterId: string; input: PrescriptionCreate };
export type DeviceReferral = { patientId: string; encounterId: string; input: ReferralCreate };

/** The encounter is this patient's and not deleted. */
const encounterOf = async (w: SyncWrite, patientId: string, encounterId: string) =>
  (await w.tx`select 1 from encounters where id = ${encounterId} and patient_id = ${patientId} and deleted_at is null`).length > 0;

/**
 * `planKindIn`: the patient's plan with a doctor, read in the push's own transaction (PGlite runs one transaction
 * at a time: a read on another connection would wait for this one forever).
 */
export function createDeviceDrafts(deps: { clock: Clock; planKindIn: (q: Queryable, patientId: string, doctorId: string) => Promise<PlanKind> }) {
  return {
    /** Whether the actor may make this draft (the care-team scope and the schema are checked before). */
    async accepts(w: SyncWrite, actor: Actor, d: DeviceDraft): Promise<boolean> {
      if (actor.role !== "doctor") return false;
      const med = medicationById.get(d.input.medicationId);
      if (!med || medicationRefusal(med)) return false;
      if (d.input.pharmacyId !== null && !pharmacyById.has(d.input.pharmacyId)) return false;
      if (!(await encounterOf(w, d.patientId, d.encounterId))) return false;
      return limitErrors(prescriptionLimitsFor(await deps.planKindIn(w.tx, d.patientId, actor.userId)), d.input) === null;
    },

    /** A referral draft: the care team prepares it (a VMA too), on an encounter of the patient (`POST /encounterReferrals`). */
    acceptsReferral: (w: SyncWrite, _actor: Actor, r: DeviceReferral) => encounterOf(w, r.patientId, r.encounterId),

    async insertReferral(w: SyncWrite, actor: Actor, id: string, r: DeviceReferral): Promise<void> {
      const now = deps.clock.now();
      await w.tx`insert into referrals (id, encounter_id, patient_id, specialty, reason, urgency, contact_name, contact_id, status,
          created_by, updated_by, created_at, updated_at)
        values (${id}, ${r.encounterId}, ${r.patientId}, ${r.input.specialty}, ${r.input.reason}, ${r.input.urgency},
          ${r.input.contactName}, ${r.input.contactId}, 'draft', ${actor.userId}, ${actor.userId}, ${now}, ${now})`;
    },

    /** Writes the draft with the device's id (`accepts` said yes in this transaction). */
    async insert(w: SyncWrite, actor: Actor, id: string, d: DeviceDraft): Promise<void> {
      const m = medicationById.get(d.input.medicationId)!;
      const p = d.input;
      const now = deps.clock.now();
      await w.tx`insert into prescriptions (id, encounter_id, patient_id, doctor_id, medication_id, medication, instructions, quantity,
          unit, days, refills, substitution_allowed, daw, additional_sig, pharmacist_message, pharmacy_id, status, created_by,
          updated_by, created_at, updated_at)
        values (${id}, ${d.encounterId}, ${d.patientId}, ${actor.userId}, ${m.rxcui}, ${m.display}, ${p.instructions}, ${p.quantity},
          ${p.unit}, ${p.days}, ${p.refills}, ${p.substitutionAllowed && !p.daw}, ${p.daw}, ${p.additionalSig}, ${p.pharmacistMessage},
          ${p.pharmacyId}, 'draft', ${actor.userId}, ${actor.userId}, ${now}, ${now})`;
    },
  };
}
