/** Whose practice settings (availability, intake form) a caller manages, and which doctor a call is about. */
import type { Actor } from "../../access/actor.ts";
import { badRequest } from "../../http/errors.ts";

/** A doctor manages their own; a VMA their doctor's; an admin anyone's. */
export function managesDoctor(actor: Actor | null, doctorId: string): boolean {
  if (!actor) return false;
  if (actor.role === "admin") return true;
  if (actor.role === "doctor") return actor.userId === doctorId;
  if (actor.role === "vma") return actor.doctorId === doctorId;
  return false;
}

/** The named doctor, else the caller's own practice (a doctor themself, a VMA's doctor). */
export function doctorIdFor(actor: Actor, requested: string | undefined): string {
  if (requested) return requested;
  if (actor.role === "doctor") return actor.userId;
  if (actor.role === "vma" && actor.doctorId) return actor.doctorId;
  throw badRequest("Choose a doctor", { reason: "VALIDATION_FAILED", fields: { doctorId: "Choose a doctor" } });
}
