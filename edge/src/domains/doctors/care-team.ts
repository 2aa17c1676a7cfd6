/**
 * A patient's care team changing (issue 31): the collections they read by the patient (scope `careTeam` or
 * `careTeamOrPatient` on the patient id) are re-sent past the checkpoints of the doctor and VMAs who just gained
 * the patient (`touchScope`), whoever makes the change: a doctor chosen for the patient, a membership.
 */
import type { SyncWrite, SyncWriter } from "../sync/writer.ts";
import { touchPanelIn } from "../patients/panel.ts";

/** The synced collections the care team reads by patient (the panel's row included). */
export const CARE_TEAM_COLLECTIONS = ["note_drafts", "medical_files", "encounter_notes", "patients", "chart_entries"] as const;

/** Gives the patients' synced clinical rows new seqs, so a care team that just gained them pulls them. */
export async function resendToCareTeam(w: SyncWrite, patientIds: string[]): Promise<void> {
  for (const name of ["note_drafts", "medical_files", "encounter_notes", "chart_entries"] as const) await w.touchScope(name, patientIds);
  await touchPanelIn(w, patientIds);
}

/**
 * The membership is the relationship: a patient without a doctor gets this one, and the doctor's care team
 * receives what the patient already has (their uploads). Answers whether the patient was assigned.
 */
export async function assignIfNone(write: SyncWriter, input: { patientId: string; doctorId: string; now: Date }): Promise<boolean> {
  return await write([...CARE_TEAM_COLLECTIONS], async (w) => {
    const assigned = await w.tx`update users set doctor_id = ${input.doctorId}, updated_at = ${input.now}
      where id = ${input.patientId} and doctor_id is null returning id`;
    if (assigned.length > 0) await resendToCareTeam(w, [input.patientId]);
    return assigned.length > 0;
  });
}
