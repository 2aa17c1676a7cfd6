/**
 * Who may see or act on a membership, decided here only (02 §6): the patient
 * their own; the doctor their patients' memberships with them (and acts on
 * them: the `/doctors/subscription/...` calls); the doctor's VMAs see them;
 * admins see all. Anyone else — and anything not found — gets the same 404.
 */
import type { Actor } from "../../access/actor.ts";
import { notFound } from "../../http/errors.ts";
import type { MembershipRow } from "./repo.ts";

export const noSuchMembership = () => notFound("No such membership");

export function maySeeMembership(actor: Actor, m: Pick<MembershipRow, "patient_id" | "doctor_id">): boolean {
  switch (actor.role) {
    case "patient":
      return m.patient_id === actor.userId;
    case "doctor":
      return m.doctor_id === actor.userId;
    case "vma":
      return actor.fullAccess && actor.doctorId === m.doctor_id;
    case "admin":
      return true;
    default:
      return false;
  }
}

/** Change, cancel, undo a change: the member themselves, or their doctor. */
export function mayActOnMembership(actor: Actor, m: Pick<MembershipRow, "patient_id" | "doctor_id">): boolean {
  return (actor.role === "patient" && m.patient_id === actor.userId) || (actor.role === "doctor" && m.doctor_id === actor.userId);
}

export function membershipFor<T extends Pick<MembershipRow, "patient_id" | "doctor_id">>(
  actor: Actor,
  m: T | null,
  action: "see" | "act",
): T {
  if (!m || !(action === "see" ? maySeeMembership(actor, m) : mayActOnMembership(actor, m))) throw noSuchMembership();
  return m;
}
