/**
 * Which users a caller may read, and how much (medplum's idea: the policy sits
 * in the data path). Returns "full", "public" (a doctor's public profile) or null.
 */
import type { Actor } from "../../access/actor.ts";
import type { UserRow } from "./repo.ts";

export type Visibility = "full" | "public" | null;

export function visibilityOf(actor: Actor | null, target: UserRow): Visibility {
  if (actor) {
    if (actor.userId === target.id || actor.role === "admin") return "full";
    // A doctor sees their patients and their VMAs in full.
    if (actor.role === "doctor" && target.doctor_id === actor.userId) return "full";
    // A VMA sees their doctor and that doctor's patients.
    if (actor.role === "vma" && actor.doctorId && (target.id === actor.doctorId || target.doctor_id === actor.doctorId)) {
      return target.role === "vma" ? null : "full";
    }
  }
  if (target.role === "doctor" && target.application_status === "approved" && !target.is_blocked && !target.is_banned) {
    return "public";
  }
  return null;
}
