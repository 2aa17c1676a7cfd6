/**
 * Who may see which document, decided once (STYLE 4): every documents query
 * goes through `documentAccess(sql, actor)`.
 *
 * - The care team — a doctor with full access, a VMA of an approved doctor —
 *   sees its practice's documents and faxes (owner 'practice', practice_id the doctor).
 * - An admin sees the platform's own documents (owner 'platform': agreements),
 *   never a practice's.
 * - Patients and everyone else: nothing. Anything outside answers 404, never
 *   revealing that a document exists. A patient reads a shared document as a
 *   medical file in their folders (the medical_files collection's own scope).
 */
import type { Actor } from "../../access/actor.ts";
import type { Fragment, Queryable } from "../../db/connect.ts";
import { notFound } from "../../http/errors.ts";
import { careTeamDoctorOf } from "../sync/scopes.ts";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type DocumentScope = { owner: "practice"; practiceId: string } | { owner: "platform" } | null;

/** The documents an actor may see, as data (the PWA hides what this refuses). */
export function documentScopeOf(actor: Actor): DocumentScope {
  const practiceId = careTeamDoctorOf(actor);
  if (practiceId) return { owner: "practice", practiceId };
  if (actor.role === "admin") return { owner: "platform" };
  return null;
}

export function documentAccess(sql: Queryable, actor: Actor) {
  const scope = documentScopeOf(actor);
  /** Throws 404 for actors with no documents at all. */
  const required = () => {
    if (!scope) throw notFound("Document not found");
    return scope;
  };
  /** SQL: the row `d` is one the actor may see. */
  const visible = (): Fragment => {
    const s = required();
    return s.owner === "practice"
      ? sql`d.owner = 'practice' and d.practice_id = ${s.practiceId}::uuid and not d.deleted`
      : sql`d.owner = 'platform' and not d.deleted`;
  };
  return {
    scope,
    required,
    visible,
    /** The practice's doctor, for practice actors; null for admins. */
    practiceId: () => (required().owner === "practice" ? (scope as { practiceId: string }).practiceId : null),
    /** A patient of the actor's practice, or 404. */
    async patient(patientId: string): Promise<{ id: string; name: string }> {
      const s = required();
      if (s.owner !== "practice" || !UUID.test(patientId)) throw notFound("Patient not found");
      const [row] = await sql<{ id: string; name: string }[]>`
        select id, first_name || ' ' || last_name as name from users
        where id = ${patientId} and role = 'patient' and doctor_id = ${s.practiceId}`;
      if (!row) throw notFound("Patient not found");
      return row;
    },
    /** A member of the actor's care team (the doctor or one of their VMAs), or 404. */
    async teamMember(userId: string): Promise<{ id: string; name: string }> {
      const s = required();
      if (s.owner !== "practice" || !UUID.test(userId)) throw notFound("User not found");
      const [row] = await sql<{ id: string; name: string }[]>`
        select id, first_name || ' ' || last_name as name from users
        where id = ${userId} and ((role = 'doctor' and id = ${s.practiceId}) or (role = 'vma' and doctor_id = ${s.practiceId}))`;
      if (!row) throw notFound("User not found");
      return row;
    },
  };
}
export type DocumentAccess = ReturnType<typeof documentAccess>;

/** Everyone who sees a practice's documents: the doctor and their VMAs (live events go to them). */
export async function practiceTeam(sql: Queryable, practiceId: string): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id from users where id = ${practiceId} or (role = 'vma' and doctor_id = ${practiceId})`;
  return rows.map((r) => r.id);
}

/** Admins: every admin sees the platform's documents. */
export async function admins(sql: Queryable): Promise<string[]> {
  return (await sql<{ id: string }[]>`select id from users where role = 'admin'`).map((r) => r.id);
}
