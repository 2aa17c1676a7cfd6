/**
 * Whose practice a caller works in, decided once for tasks, macros and
 * contacts (like chart/access.ts): a doctor with full access works in their
 * own; a VMA in the practice of the doctor they act for (users.doctor_id, the
 * header's choice) while that doctor is approved. Every team query is scoped by
 * `practiceOf(actor)`; a row of another practice answers 404.
 */
import type { Actor } from "../../access/actor.ts";
import type { Queryable } from "../../db/connect.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { careTeamDoctorOf } from "../sync/scopes.ts";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The practice's doctor id; 403 when the caller has no practice (routes admit only approved doctors and VMAs). */
export function practiceOf(actor: Actor): string {
  const doctorId = careTeamDoctorOf(actor);
  if (!doctorId) throw new AppError(403, "Your account does not have full access yet", { reason: "NO_FULL_ACCESS" });
  return doctorId;
}

/** On-behalf-of: the doctor a VMA acted for, null when the doctor acted themself. */
export const principalOf = (actor: Actor): string | null => (actor.role === "vma" ? actor.doctorId : null);

/** The practice's people a task may be assigned to: the doctor and the VMAs attached to them. */
export async function practiceMembers(q: Queryable, doctorId: string) {
  return await q<{ id: string; first_name: string; last_name: string; role: "doctor" | "vma" }[]>`
    select u.id, u.first_name, u.last_name, u.role from users u where u.id = ${doctorId}
    union all
    select u.id, u.first_name, u.last_name, u.role from vma_doctors vd join users u on u.id = vd.vma_id
    where vd.doctor_id = ${doctorId} and not u.is_blocked
    order by role, first_name, last_name`;
}

/** A patient of the practice, or 404. */
export async function practicePatient(q: Queryable, doctorId: string, patientId: string) {
  if (!UUID.test(patientId)) throw notFound("Patient not found");
  const [row] = await q<{ id: string; first_name: string; last_name: string; birth_date: string | null }[]>`
    select id, first_name, last_name, birth_date::text from users
    where id = ${patientId} and role = 'patient' and doctor_id = ${doctorId}`;
  if (!row) throw notFound("Patient not found");
  return row;
}
