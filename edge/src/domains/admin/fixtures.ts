/** Test data for administration: consultations written straight in the database (any status, any time). */
import type { TestContext } from "../../test/harness.ts";

let slot = 0;

export async function insertConsultation(
  ctx: TestContext,
  c: { doctorId: string; patientId: string; status?: string; type?: string; startAt?: Date; createdAt?: Date },
) {
  slot += 1;
  const start = c.startAt ?? new Date(Date.UTC(2026, 0, 5, 16) + slot * 3_600_000);
  const status = c.status ?? "finished";
  const [row] = await ctx.sql<{ id: string }[]>`insert into consultations (id, doctor_id, patient_id, type, status, start_at, end_at,
      reason, decline_reason, cancel_reason, created_at, seq)
    values (gen_random_uuid(), ${c.doctorId}, ${c.patientId}, ${c.type ?? "video"}, ${status}, ${start},
      ${new Date(start.getTime() + 30 * 60_000)}, 'Cough', ${status === "declined" ? "No" : null},
      ${status === "canceled" ? "No" : null}, ${c.createdAt ?? start}, nextval('sync_seq'))
    returning id`;
  return row.id;
}

/** Words that would betray clinical content in an admin payload. */
export const CLINICAL_KEYS = ["reason", "intakeForm", "intake_form", "medicalCard", "medical_card", "diagnos", "allerg", "medication", "note", "vitals", "text"];

export function assertNoClinicalKeys(value: unknown, path = "$"): void {
  if (Array.isArray(value)) return value.forEach((v, i) => assertNoClinicalKeys(v, `${path}[${i}]`));
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      // A review's comment and a decline reason are not clinical; "declineReason"/"deactivationReason" are allowed by name.
      if (k !== "declineReason" && CLINICAL_KEYS.some((c) => k.toLowerCase().includes(c.toLowerCase()))) {
        throw new Error(`clinical-looking key ${path}.${k}`);
      }
      assertNoClinicalKeys(v, `${path}.${k}`);
    }
  }
}
