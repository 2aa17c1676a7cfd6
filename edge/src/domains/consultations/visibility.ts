/**
 * Who sees a consultation, and who may act on it. Seeing: the two parties, the
 * doctor's VMAs (while the doctor is approved) and admins; everyone else is
 * answered 404, exactly as for a consultation that does not exist. The first
 * three are the sync scope `consultationParty` (sync/scopes.ts), so the API and
 * the replicated copies agree; admins use the API only.
 */
import type { Actor } from "../../access/actor.ts";
import type { Fragment, Queryable } from "../../db/connect.ts";
import { consultationParty } from "../sync/scopes.ts";

/** SQL condition on a consultations row (`row` is its alias). */
export function visibleConsultation(q: Queryable, actor: Actor, row: Fragment): Fragment {
  return actor.role === "admin" ? q`true` : consultationParty(q, actor, row);
}

type Parties = { doctor_id: string; patient_id: string };

/** The patient or the doctor of the consultation (they alone enter the live room). */
export const isParty = (actor: Actor, c: Parties) => actor.userId === c.patient_id || actor.userId === c.doctor_id;

/** Accept, decline, reschedule: the doctor, or a VMA of theirs (the route already requires full access). */
export function actsForDoctor(actor: Actor, c: Parties): boolean {
  if (actor.role === "doctor") return actor.userId === c.doctor_id;
  if (actor.role === "vma") return actor.fullAccess && actor.doctorId === c.doctor_id;
  return false;
}

/** Cancel: either party, the doctor's VMA, an admin. */
export const mayCancel = (actor: Actor, c: Parties) => isParty(actor, c) || actsForDoctor(actor, c) || actor.role === "admin";
