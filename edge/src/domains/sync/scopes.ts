/**
 * The one place where each access scope kind of sync/collections becomes SQL:
 * `scopePredicate` (may this actor read rows with this scope value? — used by
 * pulls, pushes and downloads) and `readersOf` (who may read rows with these
 * values? — used by the live fan-out). The two must agree; scopes.test.ts checks it.
 */
import type { Actor } from "../../access/actor.ts";
import { mayWriteInChat } from "../../access/chat-write.ts";
import type { Fragment, Queryable } from "../../db/connect.ts";
import type { CreateKind, ScopeKind } from "../../../../sync/collections/types.ts";

/**
 * The doctor whose patients the actor cares for: a doctor themself, a VMA's
 * doctor. Only with full access (the doctor approved), so an unapproved or
 * declined practice reads no clinical rows.
 */
export function careTeamDoctorOf(actor: Actor): string | null {
  if (!actor.fullAccess) return null;
  if (actor.role === "doctor") return actor.userId;
  if (actor.role === "vma") return actor.doctorId;
  return null;
}

/** SQL condition: the actor may access the scope value `target` (a column or a parameter). */
export function scopePredicate(q: Queryable, actor: Actor, kind: ScopeKind, target: Fragment): Fragment {
  switch (kind) {
    case "chatMember":
      return q`${target} in (select chat_id from chat_members where user_id = ${actor.userId})`;
    case "careTeam":
      return careTeam(q, actor, target);
    case "careTeamOrPatient":
      return actor.role === "patient" ? q`${target} = ${actor.userId}` : careTeam(q, actor, target);
    case "consultationParty":
      return q`${target} in (select c.id from consultations c where ${consultationParty(q, actor, q`c`)})`;
    case "practice": {
      const doctorId = careTeamDoctorOf(actor);
      return doctorId ? q`${target} = ${doctorId}::uuid` : q`false`;
    }
  }
}

/**
 * SQL condition on a consultations row (`row` is its alias): the actor is its
 * patient or its doctor, or a VMA of its doctor while that doctor is approved.
 * The consultation API adds admins on top (consultations/visibility.ts).
 */
export function consultationParty(q: Queryable, actor: Actor, row: Fragment): Fragment {
  switch (actor.role) {
    case "patient":
      return q`${row}.patient_id = ${actor.userId}`;
    case "doctor":
      return q`${row}.doctor_id = ${actor.userId}`;
    case "vma":
      return actor.fullAccess && actor.doctorId ? q`${row}.doctor_id = ${actor.doctorId}` : q`false`;
    case "admin":
      return q`false`;
  }
}

function careTeam(q: Queryable, actor: Actor, target: Fragment): Fragment {
  const doctorId = careTeamDoctorOf(actor);
  if (!doctorId) return q`false`;
  return q`${target} in (select id from users where role = 'patient' and doctor_id = ${doctorId})`;
}

export const columnTarget = (q: Queryable, column: string) => q`t.${q(column)}`;
export const valueTarget = (q: Queryable, value: string) => q`${value}::uuid`;

/** Whether the actor may access one scope value (e.g. the chat of a new message). */
export async function mayAccess(q: Queryable, actor: Actor, kind: ScopeKind, value: string): Promise<boolean> {
  const [row] = await q<{ ok: boolean }[]>`select (${scopePredicate(q, actor, kind, valueTarget(q, value))}) as ok`;
  return row.ok;
}

/**
 * Whether the actor may create a row with this scope value: a read scope, or
 * `chatWriter` (the who-may-write rule; `POST /messages/{chatId}` uses this too).
 */
export async function mayCreate(q: Queryable, actor: Actor, kind: CreateKind, value: string): Promise<boolean> {
  if (kind === "nobody") return false;
  if (kind === "chatWriter") return await mayWriteInChat(q, actor, value);
  return await mayAccess(q, actor, kind, value);
}

/** Every user who may read rows with these scope values: scope value → user ids. */
export async function readersOf(q: Queryable, kind: ScopeKind, values: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (values.length === 0) return out;
  const ids = q`${values}::uuid[]`;
  const careTeamRows = q`
    select p.id::text as scope, d.id::text as user_id
    from users p join users d on d.id = p.doctor_id
    where p.id = any(${ids}) and p.role = 'patient' and d.role = 'doctor' and d.application_status = 'approved'
    union all
    select p.id::text, v.id::text
    from users p join users d on d.id = p.doctor_id join users v on v.doctor_id = d.id and v.role = 'vma'
    where p.id = any(${ids}) and p.role = 'patient' and d.role = 'doctor' and d.application_status = 'approved'`;
  const rows = await (kind === "chatMember"
    ? q<{ scope: string; user_id: string }[]>`
        select chat_id::text as scope, user_id::text from chat_members where chat_id = any(${ids})`
    : kind === "consultationParty"
    ? q<{ scope: string; user_id: string }[]>`
        select c.id::text as scope, c.patient_id::text as user_id from consultations c where c.id = any(${ids})
        union all
        select c.id::text, c.doctor_id::text from consultations c where c.id = any(${ids})
        union all
        select c.id::text, v.id::text
        from consultations c join users d on d.id = c.doctor_id and d.application_status = 'approved'
          join users v on v.doctor_id = c.doctor_id and v.role = 'vma'
        where c.id = any(${ids})`
    : kind === "practice"
    ? q<{ scope: string; user_id: string }[]>`
        select d.id::text as scope, d.id::text as user_id
        from users d where d.id = any(${ids}) and d.role = 'doctor' and d.application_status = 'approved'
        union all
        select d.id::text, v.id::text
        from users d join users v on v.doctor_id = d.id and v.role = 'vma'
        where d.id = any(${ids}) and d.role = 'doctor' and d.application_status = 'approved'`
    : kind === "careTeam"
    ? q<{ scope: string; user_id: string }[]>`${careTeamRows}`
    : q<{ scope: string; user_id: string }[]>`${careTeamRows}
        union all select id::text, id::text from users where id = any(${ids}) and role = 'patient'`);
  for (const r of rows) {
    const list = out.get(r.scope) ?? [];
    list.push(r.user_id);
    out.set(r.scope, list);
  }
  return out;
}
