/**
 * Who may see which part of the chart, decided once (STYLE 4, medplum's idea):
 * every chart query goes through `chartAccess(sql, actor)`, which answers rows
 * the actor may see or throws 404, so a repo cannot forget the check.
 *
 * - The care team (a doctor with full access; a VMA of an approved doctor)
 *   sees the patients whose `users.doctor_id` is that doctor, and all of their chart.
 * - A patient sees their own chart, and of it only what is shared: notes,
 *   diagnoses and problems with `is_shared`; an encounter that was sent or has
 *   something shared; vitals of an encounter that was sent. Read-only.
 * - Admins and everyone else: nothing (routes answer 403 before reaching here).
 * Anything outside answers 404, never revealing that a record exists.
 */
import type { Actor } from "../../access/actor.ts";
import type { Fragment, Queryable } from "../../db/connect.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import { careTeamDoctorOf } from "../sync/scopes.ts";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PatientRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  middle_name: string | null;
  birth_date: string | null;
  gender: "Male" | "Female" | null;
  phone_number: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  doctor_id: string | null;
};
export type EncounterRow = {
  id: string;
  patient_id: string;
  doctor_id: string;
  type: string;
  reason: string;
  encounter_datetime: Date;
  consultation_id: string | null;
  details: string;
  is_shared: boolean;
  created_by: string;
  created_at: Date;
  updated_at: Date;
};

export function chartAccess(sql: Queryable, actor: Actor) {
  const practiceId = careTeamDoctorOf(actor);
  const isPatient = actor.role === "patient";
  const isCareTeam = practiceId !== null;

  /** SQL: the patient id column `col` is one the actor may read. */
  const patientVisible = (col: Fragment): Fragment =>
    isPatient
      ? sql`${col} = ${actor.userId}::uuid`
      : isCareTeam
      ? sql`${col} in (select id from users where role = 'patient' and doctor_id = ${practiceId})`
      : sql`false`;

  /** SQL on an encounters row `e`: visible to the actor. */
  const encounterVisible = (e: Fragment): Fragment =>
    isPatient
      ? sql`(${e}.patient_id = ${actor.userId}::uuid and ${e}.deleted_at is null and (${e}.is_shared
          or exists (select 1 from encounter_notes n where n.encounter_id = ${e}.id and n.is_shared and n.deleted_at is null)
          or exists (select 1 from diagnoses d where d.encounter_id = ${e}.id and d.is_shared and d.deleted_at is null)))`
      : sql`(${e}.deleted_at is null and ${patientVisible(sql`${e}.patient_id`)})`;

  /** SQL on a shareable row `r` (notes, diagnoses, problems): shared, for a patient. */
  const sharedOnly = (r: Fragment): Fragment => isPatient ? sql`${r}.is_shared` : sql`true`;

  return {
    actor,
    practiceId,
    isPatient,
    isCareTeam,
    isDoctor: isCareTeam && actor.role === "doctor",
    patientVisible,
    encounterVisible,
    sharedOnly,

    /** Writes are the care team's; some only the doctor's (02 §6). */
    requireCareTeam() {
      if (!isCareTeam) throw forbidden("Only the patient's care team may change the chart");
    },
    requireDoctor(what = "do this") {
      if (!isCareTeam || actor.role !== "doctor") throw forbidden(`Only the patient's doctor may ${what}`, "DOCTOR_ONLY");
    },

    async patient(id: string): Promise<PatientRow> {
      if (!UUID.test(id)) throw notFound("No such patient");
      const [row] = await sql<PatientRow[]>`
        select id, email, first_name, last_name, middle_name, to_char(birth_date, 'YYYY-MM-DD') as birth_date, gender,
          phone_number, address, city, state, zip, doctor_id
        from users where id = ${id} and role = 'patient' and ${patientVisible(sql`id`)}`;
      if (!row) throw notFound("No such patient");
      return row;
    },

    async encounter(id: string): Promise<EncounterRow> {
      if (!UUID.test(id)) throw notFound("No such encounter");
      const [row] = await sql<EncounterRow[]>`select e.* from encounters e where e.id = ${id} and ${encounterVisible(sql`e`)}`;
      if (!row) throw notFound("No such encounter");
      return row;
    },

    /** A note, diagnosis or problem the actor may see: its patient and encounter. */
    async shareable(table: "encounter_notes" | "diagnoses" | "problems", id: string) {
      const label = table === "encounter_notes" ? "note" : table === "diagnoses" ? "diagnosis" : "problem";
      if (!UUID.test(id)) throw notFound(`No such ${label}`);
      const encounterCheck = table === "problems"
        ? sql`true`
        : sql`exists (select 1 from encounters e where e.id = r.encounter_id and ${encounterVisible(sql`e`)})`;
      const [row] = await sql<{ id: string; patient_id: string; encounter_id: string | null; is_shared: boolean }[]>`
        select r.id, r.patient_id, ${table === "problems" ? sql`null::uuid` : sql`r.encounter_id`} as encounter_id, r.is_shared
        from ${sql(table)} r
        where r.id = ${id} and r.deleted_at is null and ${patientVisible(sql`r.patient_id`)} and ${sharedOnly(sql`r`)}
          and ${encounterCheck}`;
      if (!row) throw notFound(`No such ${label}`);
      return row;
    },
  };
}
export type ChartAccess = ReturnType<typeof chartAccess>;
