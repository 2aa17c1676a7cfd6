/**
 * VMA management (01 §7 "Doctors, assistants, admins"): a doctor creates
 * (invites) a VMA or attaches an existing one, lists, detaches and resets a
 * password; a VMA lists the doctors they work for and chooses which one they
 * act for. `vma_doctors` holds every attachment; `users.doctor_id` of a VMA is
 * the doctor they act for now, so the actor, sync scopes and live fan-out
 * follow that choice without knowing about it.
 *
 * Re-scoping (sync README "Gaining access re-sends history"): when a VMA starts
 * acting for a doctor, that doctor's synced rows get new seqs (touchScope) so
 * they reach the VMA after their checkpoint. When a VMA stops acting for a
 * doctor (detached, or switched), their sessions end (`user:forceLogout`):
 * open sockets and collaborative editors close at once and each device wipes
 * its local copy; the next sign-in pulls the new practice from scratch.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, conflict, notFound } from "../../http/errors.ts";
import type { CreateVmaInput, VmaDoctorView, VmaView } from "../../../../sync/schemas/team.ts";
import { NOT_A_VMA_EMAIL } from "../../../../sync/schemas/team.ts";
import type { SyncWrite, SyncWriter } from "../sync/writer.ts";
import { UUID } from "./practice.ts";
import { CARE_TEAM_COLLECTIONS, resendToCareTeam } from "../doctors/care-team.ts";

type EndSessions = (userId: string, reason: "vma_detached" | "acting_changed", keep?: string | null) => Promise<number>;

export type VmasDeps = Pick<Deps, "sql" | "clock" | "audit"> & {
  write: SyncWriter;
  inviteVma(vmaId: string, email: string, firstName: string): Promise<string>;
  endSessions: EndSessions;
};

type VmaRow = { id: string; first_name: string; last_name: string; email: string; password_set: boolean };
const toView = (r: VmaRow): VmaView => ({
  id: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email, passwordSet: r.password_set,
});

/** Gives a practice's synced rows new seqs so a VMA who now acts for it receives them. */
export async function touchPractice(w: SyncWrite, doctorId: string) {
  const patients = (await w.tx<{ id: string }[]>`select id from users where role = 'patient' and doctor_id = ${doctorId}`)
    .map((r) => r.id);
  const consultations = (await w.tx<{ id: string }[]>`select id from consultations where doctor_id = ${doctorId}`)
    .map((r) => r.id);
  await resendToCareTeam(w, patients);
  await w.touchScope("consultations", consultations);
  await w.touchScope("tasks", [doctorId]);
  await w.touchScope("macros", [doctorId]);
  await w.touchScope("note_types", [doctorId]);
}
const PRACTICE_COLLECTIONS = [...CARE_TEAM_COLLECTIONS, "consultations", "tasks", "macros", "note_types"] as const;

export function createVmasService(deps: VmasDeps) {
  const { sql, audit, write } = deps;

  async function attachedVma(doctorId: string, vmaId: string) {
    if (!UUID.test(vmaId)) throw notFound("VMA not found");
    const [row] = await sql<(VmaRow & { doctor_id: string | null })[]>`
      select u.id, u.first_name, u.last_name, u.email, u.password_hash is not null as password_set, u.doctor_id
      from vma_doctors vd join users u on u.id = vd.vma_id
      where vd.doctor_id = ${doctorId} and vd.vma_id = ${vmaId}`;
    if (!row) throw notFound("VMA not found");
    return row;
  }

  /**
   * Makes `doctorId` the VMA's acting doctor and sends them its rows, if the VMA still works for that doctor. The VMA's
   * user row is locked first, here and in `detach`: a detach and a switch to the detaching doctor at the same moment
   * could otherwise leave the VMA acting for a doctor they were just detached from (their access follows the acting
   * doctor), or re-attach them (the users trigger of 0040_team.sql). False when the VMA no longer works for the doctor.
   */
  async function actFor(vmaId: string, doctorId: string): Promise<boolean> {
    return await write([...PRACTICE_COLLECTIONS], async (w) => {
      await w.tx`select 1 from users where id = ${vmaId} for update`;
      const [works] = await w.tx`select 1 from vma_doctors where vma_id = ${vmaId} and doctor_id = ${doctorId}`;
      if (!works) return false;
      await w.tx`update users set doctor_id = ${doctorId} where id = ${vmaId}`;
      await touchPractice(w, doctorId);
      return true;
    });
  }

  return {
    /** `POST /vmas`: a new address is invited; an existing VMA's address attaches that VMA. */
    async create(actor: Actor, input: CreateVmaInput, meta: RequestMeta): Promise<VmaView & { invited: boolean }> {
      const doctorId = actor.userId;
      const [existing] = await sql<(VmaRow & { role: string; doctor_id: string | null })[]>`
        select id, first_name, last_name, email, role, doctor_id, password_hash is not null as password_set
        from users where lower(email) = lower(${input.email})`;
      if (existing) {
        if (existing.role !== "vma") {
          throw new AppError(400, NOT_A_VMA_EMAIL, { reason: "NOT_A_VMA", fields: { email: NOT_A_VMA_EMAIL } });
        }
        const [added] = await sql<{ vma_id: string }[]>`insert into vma_doctors (vma_id, doctor_id)
          values (${existing.id}, ${doctorId}) on conflict do nothing returning vma_id`;
        if (!added) throw conflict("This VMA already works for you", "ALREADY_ATTACHED");
        if (!existing.doctor_id) await actFor(existing.id, doctorId);
        await audit.record({ event: "vma.attached", actorId: actor.userId, subjectId: existing.id, address: meta.address });
        return { ...toView(existing), invited: false };
      }
      const [created] = await sql<VmaRow[]>`
        insert into users (role, email, first_name, last_name, doctor_id, is_activated)
        values ('vma', ${input.email}, ${input.firstName}, ${input.lastName}, ${doctorId}, false)
        returning id, first_name, last_name, email, false as password_set`;
      // The users trigger attached them already (migration 0040); this states it.
      await sql`insert into vma_doctors (vma_id, doctor_id) values (${created.id}, ${doctorId}) on conflict do nothing`;
      await deps.inviteVma(created.id, created.email, created.first_name);
      await audit.record({ event: "vma.invited", actorId: actor.userId, subjectId: created.id, address: meta.address });
      return { ...toView(created), invited: true };
    },

    /** `GET /vmas/list`: the doctor's VMAs by name. */
    async list(actor: Actor): Promise<VmaView[]> {
      const rows = await sql<VmaRow[]>`
        select u.id, u.first_name, u.last_name, u.email, u.password_hash is not null as password_set
        from vma_doctors vd join users u on u.id = vd.vma_id
        where vd.doctor_id = ${actor.userId} order by lower(u.last_name), lower(u.first_name), u.id`;
      return rows.map(toView);
    },

    /** `GET /vmas/doctors/dropdown`: the doctors a VMA works for, the acting one marked. */
    async doctors(actor: Actor): Promise<VmaDoctorView[]> {
      const rows = await sql<{ id: string; first_name: string; last_name: string }[]>`
        select d.id, d.first_name, d.last_name from vma_doctors vd join users d on d.id = vd.doctor_id
        where vd.vma_id = ${actor.userId} order by lower(d.last_name), lower(d.first_name), d.id`;
      return rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, acting: r.id === actor.doctorId }));
    },

    /** `POST /vmas/acting`: the VMA acts for another doctor they work for; their other sessions end. */
    async act(actor: Actor, doctorId: string, meta: RequestMeta): Promise<VmaDoctorView[]> {
      if (!UUID.test(doctorId)) throw notFound("Doctor not found");
      const [row] = await sql`select 1 from vma_doctors where vma_id = ${actor.userId} and doctor_id = ${doctorId}`;
      if (!row) throw notFound("Doctor not found");
      if (actor.doctorId !== doctorId) {
        if (!(await actFor(actor.userId, doctorId))) throw notFound("Doctor not found");
        await deps.endSessions(actor.userId, "acting_changed", actor.sessionId);
        await audit.record({ event: "vma.acting", actorId: actor.userId, subjectId: actor.userId, principalId: doctorId, address: meta.address });
      }
      return await this.doctors({ ...actor, doctorId });
    },

    /** `POST /vmas/detach`: the VMA stops working for this doctor at once. */
    async detach(actor: Actor, vmaId: string, meta: RequestMeta) {
      await attachedVma(actor.userId, vmaId);
      // Under the lock of the VMA's row (see `actFor`): the acting doctor read here is the one a switch could not change.
      const wasActing = await write([...PRACTICE_COLLECTIONS], async (w) => {
        const [vma] = await w.tx<{ doctor_id: string | null }[]>`select doctor_id from users where id = ${vmaId} for update`;
        await w.tx`delete from vma_doctors where vma_id = ${vmaId} and doctor_id = ${actor.userId}`;
        if (vma?.doctor_id !== actor.userId) return false;
        const [next] = await w.tx<{ doctor_id: string }[]>`select doctor_id from vma_doctors where vma_id = ${vmaId}
          order by attached_at, doctor_id limit 1`;
        await w.tx`update users set doctor_id = ${next?.doctor_id ?? null} where id = ${vmaId}`;
        if (next) await touchPractice(w, next.doctor_id);
        return true;
      });
      if (wasActing) await deps.endSessions(vmaId, "vma_detached");
      await audit.record({ event: "vma.detached", actorId: actor.userId, subjectId: vmaId, address: meta.address });
      return { detached: true };
    },

    /** `POST /vmas/doctor/reset/password`: mails the VMA a new password link (the invitation's, `/vmas/password/{token}`). */
    async resetPassword(actor: Actor, vmaId: string, meta: RequestMeta) {
      const vma = await attachedVma(actor.userId, vmaId);
      await deps.inviteVma(vma.id, vma.email, vma.first_name);
      await audit.record({ event: "vma.password.reset", actorId: actor.userId, subjectId: vmaId, address: meta.address });
      return { sent: true };
    },
  };
}
export type VmasService = ReturnType<typeof createVmasService>;
