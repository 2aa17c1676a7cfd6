/**
 * Who sees which charges, decided here only (02 §6): a doctor their own, their
 * full-access VMA their doctor's, an admin all; a patient their own (issue 13's
 * /payments/transactions). Anyone else — and anything not found — gets 404.
 */
import type { Actor } from "../../access/actor.ts";
import { notFound } from "../../http/errors.ts";

export const noSuchTransaction = () => notFound("No such transaction");

/** The doctor whose charges the actor may list, "all" for an admin, or null for none. */
export function transactionScope(actor: Actor): string | "all" | null {
  switch (actor.role) {
    case "admin":
      return "all";
    case "doctor":
      return actor.userId;
    case "vma":
      return actor.fullAccess && actor.doctorId ? actor.doctorId : null;
    default:
      return null;
  }
}

/**
 * Who sees a paid-service request (its answers and files): the patient who made
 * it, the doctor it was made to, and that doctor's full-access VMA. As SQL over
 * `service_requests r`, so lists and single reads use the same rule.
 */
export function requestScope(actor: Actor): { patientId: string } | { doctorId: string } | null {
  switch (actor.role) {
    case "patient":
      return { patientId: actor.userId };
    case "doctor":
      return { doctorId: actor.userId };
    case "vma":
      return actor.fullAccess && actor.doctorId ? { doctorId: actor.doctorId } : null;
    default:
      return null;
  }
}
