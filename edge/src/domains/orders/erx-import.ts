import type { Actor } from "../../access/actor.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { pharmacyById } from "../../../../sync/data/pharmacies.ts";
import type { Prescription } from "../../../../sync/schemas/orders.ts";
import type { OutsideErxImport } from "../../../../sync/schemas/orders-answers.ts";
import { type ErxListedPrescription, ErxRejected, ErxUnavailable } from "../../platform/erx/erx.ts";
import { ordersAccess } from "./access.ts";
import { notifyOrderChange, type OrdersDeps } from "./common.ts";
import { patientProfile, requireErxProfiles, syncVendorPatient } from "./erx-profiles.ts";
import type { PrescriptionRow } from "./prescription-row.ts";

type Helpers = {
  toPrescription: (r: PrescriptionRow, allergies?: { name: string }[]) => Promise<Prescription>;
  allergiesOf: (patientId: string) => Promise<{ name: string }[]>;
};

export function createOutsideImport(deps: OrdersDeps, { toPrescription, allergiesOf }: Helpers) {
  const { sql, clock, audit, erx } = deps;
  const now = () => clock.now();
  /**
   * `POST /outsideEntries/erx {patientId, doctorId, encounterId}`: imports the prescriptions the doctor wrote in
   * the vendor's own UI for this patient (substatus O "Outside"), onto the encounter. Recorded as the vendor
   * holds them (their rules were the vendor's); ones already known are skipped, so a second call imports nothing.
   */
  return async function importOutside(actor: Actor, input: { patientId: string; doctorId: string; encounterId: string }): Promise<OutsideErxImport> {
    const access = ordersAccess(sql, actor);
    access.requirePrescriber("import prescriptions written outside the app");
    if (input.doctorId !== actor.userId) throw notFound("No such doctor");
    const e = await access.encounter(input.encounterId);
    if (e.patient_id !== input.patientId) throw notFound("No such encounter");
    const patient = await patientProfile(sql, input.patientId);
    requireErxProfiles({ patient });
    let listed: ErxListedPrescription[];
    let vendorPatient: string;
    try {
      vendorPatient = await syncVendorPatient(erx, input.patientId, patient);
      listed = await erx.listPrescriptions({ patientId: vendorPatient });
    } catch (err) {
      if (err instanceof ErxRejected) throw new AppError(422, `The e-prescribing service refused it: ${err.message}`, { reason: err.code });
      if (err instanceof ErxUnavailable) throw new AppError(503, "The e-prescribing service is unavailable: try again shortly.", { reason: "ERX_UNAVAILABLE" });
      throw err;
    }
    const known = new Set((await sql<{ v: string }[]>`select vendor_prescription_id as v from prescriptions
      where vendor_prescription_id is not null`).map((r) => r.v));
    const imported: PrescriptionRow[] = [];
    let skipped = 0;
    for (const l of listed) {
      if (l.externalId || known.has(l.prescriptionId)) continue;
      const fits = Number.isInteger(l.quantity) && l.quantity >= 1 && l.quantity <= 9999 && Number.isInteger(l.daysSupply) &&
        l.daysSupply > 0 && Number.isInteger(l.refills) && l.refills >= 0 && l.refills <= 99 && l.displayName.trim() !== "";
      if (!fits) {
        skipped += 1;
        continue;
      }
      const [row] = await sql<PrescriptionRow[]>`insert into prescriptions (encounter_id, patient_id, doctor_id, medication_id, medication,
          instructions, quantity, unit, days, refills, pharmacy_id, status, erx_status, erx_substatus, archived, transmission,
          vendor_prescription_id, vendor_patient_id, sent_at, transmitted_at, created_by, updated_by, created_at, updated_at)
        values (${input.encounterId}, ${input.patientId}, ${actor.userId}, ${l.rxcui ?? ""}, ${l.displayName}, ${l.directions || "As written at the pharmacy"},
          ${l.quantity}, ${l.unit.slice(0, 30)}, ${l.daysSupply}, ${l.refills}, ${l.pharmacyId && pharmacyById.has(l.pharmacyId) ? l.pharmacyId : null},
          'current', 3, 'O', 'N', ${l.status}, ${l.prescriptionId}, ${vendorPatient}, ${now()},
          ${l.status === "transmitted" ? now() : null}, ${actor.userId}, ${actor.userId}, ${now()}, ${now()}) returning *`;
      imported.push(row);
      known.add(l.prescriptionId);
    }
    await audit.write(actor, { patientId: input.patientId, what: "prescription.importOutside", details: { encounterId: input.encounterId, imported: imported.length, skipped } });
    if (imported.length) {
      await notifyOrderChange(deps, input.patientId, { kind: "prescription", id: imported[0].id, encounterId: input.encounterId }, true);
    }
    const allergies = await allergiesOf(input.patientId);
    return { imported: await Promise.all(imported.map((r) => toPrescription(r, allergies))), skipped };
  };
}
