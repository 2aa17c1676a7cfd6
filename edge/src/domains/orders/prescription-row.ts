/** A prescription's row, and the checks of what a prescription names: a listed, allowed medication and a listed pharmacy. */
import { AppError, badRequest } from "../../http/errors.ts";
import { type Medication, medicationById, medicationRefusal } from "../../../../sync/data/medications.ts";
import { pharmacyById } from "../../../../sync/data/pharmacies.ts";
import type { Prescription } from "../../../../sync/schemas/orders.ts";

export type PrescriptionRow = {
  id: string; encounter_id: string; patient_id: string; doctor_id: string; medication_id: string; medication: string;
  instructions: string; quantity: number; unit: string; days: number; refills: number; substitution_allowed: boolean; daw: boolean;
  additional_sig: string; pharmacist_message: string; pharmacy_id: string | null; status: Prescription["status"];
  erx_status: Prescription["erxStatus"]; erx_substatus: Prescription["erxSubstatus"]; archived: Prescription["archived"];
  transmission: Prescription["transmission"]; transmission_error: string | null; vendor_prescription_id: string | null;
  vendor_patient_id: string | null; sent_at: Date | null; transmitted_at: Date | null; created_by: string; created_at: Date;
  updated_at: Date; total?: number;
};

export const fieldError = (fields: Record<string, string>, message = "Please correct the highlighted fields") =>
  badRequest(message, { reason: "VALIDATION_FAILED", fields });

export function medication(id: string): Medication {
  const m = medicationById.get(id);
  if (!m) throw fieldError({ medicationId: "Choose a medication from the list" });
  const refusal = medicationRefusal(m);
  if (refusal) throw new AppError(422, refusal, { reason: "MEDICATION_NOT_ALLOWED", fields: { medicationId: refusal } });
  return m;
}
export function pharmacy(id: string | null) {
  if (id === null) return null;
  const p = pharmacyById.get(id);
  if (!p) throw fieldError({ pharmacyId: "Choose a pharmacy from the directory" });
  return p;
}
