/** A consultation row in the API's shape, with the caller's access state. */
import type { Actor } from "../../access/actor.ts";
import { consultationAccess, isLive } from "../../../../sync/rules/consultation-access.ts";
import type { Consultation } from "../../../../sync/schemas/consultation.ts";
import type { ConsultationIntakeForm, IntakeForm } from "../../../../sync/schemas/intake-form.ts";
import type { ConsultationRow } from "./repo.ts";
import { isParty } from "./visibility.ts";

export function toConsultation(r: ConsultationRow, actor: Actor, now: Date): Consultation {
  return {
    id: r.id,
    doctorId: r.doctor_id,
    patientId: r.patient_id,
    doctor: { id: r.doctor_id, firstName: r.d_first_name, lastName: r.d_last_name, specialty: r.d_specialty },
    patient: { id: r.patient_id, firstName: r.p_first_name, lastName: r.p_last_name, state: r.p_state as Consultation["patient"]["state"] },
    type: r.type,
    status: r.status,
    startAt: r.start_at.toISOString(),
    endAt: r.end_at.toISOString(),
    reason: r.reason,
    outOfStateReason: r.out_of_state_reason,
    declineReason: r.decline_reason,
    cancelReason: r.cancel_reason,
    canceledBy: r.canceled_by,
    encounterId: r.encounter_id,
    createdAt: r.created_at.toISOString(),
    access: consultationAccess({
      status: r.status,
      startAt: r.start_at,
      endAt: r.end_at,
      isParty: isParty(actor, r),
      live: isLive(r.live, r.end_at, now),
    }, now),
  };
}

/** The patient may change the intake form while the consultation may still happen. */
export const intakeEditable = (r: ConsultationRow, now: Date) =>
  (r.status === "requested" || r.status === "accepted") && r.end_at > now;

const EMPTY_FORM: IntakeForm = { healthChanges: null, illnessHistory: null, vitals: null, answers: [] };

export function toIntakeForm(r: ConsultationRow, now: Date): ConsultationIntakeForm {
  const form = "answers" in r.intake_form ? r.intake_form as IntakeForm : EMPTY_FORM;
  return {
    consultationId: r.id,
    doctorId: r.doctor_id,
    patientId: r.patient_id,
    editable: intakeEditable(r, now),
    ...form,
  };
}
