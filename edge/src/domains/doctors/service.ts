/**
 * Doctors as patients find them, "my doctor", and an admin choosing a
 * patient's doctor (01 §6): the doctor must be licensed in the patient's state
 * and have fewer than 400 patients; the new care team then receives the
 * patient's synced clinical rows (the writer's touchScope).
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import { listOf } from "../../http/envelope.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { DOCTOR_PATIENT_CAP } from "../../../../sync/constants.ts";
import type { DoctorCard, DoctorOption, DoctorsCount, DoctorsQuery } from "../../../../sync/schemas/doctor.ts";
import type { ListResult } from "../../../../sync/envelope.ts";
import type { AuthUser } from "../../../../sync/schemas/user.ts";
import type { SyncWriter } from "../sync/writer.ts";
import { CARE_TEAM_COLLECTIONS, resendToCareTeam } from "./care-team.ts";
import { createAccounts } from "../users/accounts.ts";
import { noSuchDoctor, panelFull } from "./errors.ts";
import { isLicensedIn } from "../../../../sync/rules/licensing.ts";
import { createDoctorsRepo, isListed, toDoctorCard } from "./repo.ts";

export const DROPDOWN_LIMIT = 20;
export const NOT_LICENSED = "The doctor is not licensed in the patient's state";

export function createDoctorsService(deps: Pick<Deps, "sql" | "clock" | "audit"> & { write: SyncWriter }) {
  const { sql, clock, audit, write } = deps;
  const doctors = createDoctorsRepo(sql);
  const accounts = createAccounts(sql);

  return {
    async list(query: DoctorsQuery): Promise<ListResult<DoctorCard>> {
      const { list, totalCount } = await doctors.list(query);
      return listOf(list, query.offset, query.limit, totalCount);
    },

    async count(filter: Pick<DoctorsQuery, "state" | "specialty" | "search">): Promise<DoctorsCount> {
      return { count: await doctors.count(filter) };
    },

    async dropdown(search: string | undefined): Promise<ListResult<DoctorOption>> {
      const { list, totalCount } = await doctors.options(search, DROPDOWN_LIMIT);
      return listOf(list, 0, DROPDOWN_LIMIT, totalCount);
    },

    /** A listed doctor's card (the public profile page's booking data). */
    async get(id: string): Promise<DoctorCard> {
      const doctor = await doctors.byId(sql, id);
      if (!doctor || !isListed(doctor)) throw noSuchDoctor();
      return toDoctorCard(doctor);
    },

    /** A patient's assigned doctor, a VMA's doctor; null when there is none. */
    async ofMe(actor: Actor): Promise<DoctorCard | null> {
      const doctor = actor.doctorId ? await doctors.byId(sql, actor.doctorId) : null;
      return doctor ? toDoctorCard(doctor) : null;
    },

    async chooseForPatient(actor: Actor, input: { doctorId: string; patientId: string }, meta: RequestMeta): Promise<AuthUser> {
      const patient = await accounts.user(input.patientId);
      if (!patient || patient.role !== "patient") throw notFound("Patient not found");
      const doctor = await doctors.byId(sql, input.doctorId);
      if (!doctor || !isListed(doctor)) throw noSuchDoctor();
      if (!isLicensedIn(doctor.licensed_states, patient.state)) {
        throw badRequest(NOT_LICENSED, { reason: "NOT_LICENSED_IN_STATE", fields: { doctorId: NOT_LICENSED } });
      }
      const previousDoctorId = patient.doctor?.id ?? null;
      if (previousDoctorId === doctor.id) return patient;
      await write([...CARE_TEAM_COLLECTIONS], async (w) => {
        // Assignments to one doctor queue on the doctor's row, so two admins cannot both take the 400th place.
        await w.tx`select id from users where id = ${doctor.id} for update`;
        const [{ count }] = await w.tx<{ count: number }[]>`
          select count(*)::int as count from users where doctor_id = ${doctor.id} and role = 'patient'`;
        if (count >= DOCTOR_PATIENT_CAP) throw panelFull();
        await w.tx`update users set doctor_id = ${doctor.id}, updated_at = ${clock.now()} where id = ${patient.id}`;
        // The new care team reads the patient's drafts, files and notes from now on: re-send them past their checkpoints.
        await resendToCareTeam(w, [patient.id]);
      });
      await audit.record({
        event: "patient.doctor_assigned", actorId: actor.userId, subjectId: patient.id, address: meta.address,
        details: { doctorId: doctor.id, previousDoctorId },
      });
      return (await accounts.user(patient.id))!;
    },
  };
}
export type DoctorsService = ReturnType<typeof createDoctorsService>;
