/** The chart's patient calls: the practice's list, create, edit general, detach, medical card records, e-Rx check. */
import { createHash } from "node:crypto";
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { conflict } from "../../http/errors.ts";
import type { MedicalCard } from "../../../../sync/schemas/medical-card.ts";
import {
  type ChartPatient,
  type doctorPatientsListSchema,
  ERX_REQUIRED_FIELDS,
  type ErxCheck,
  type PatientCreate,
  type PatientContact,
  type PatientDetached,
  type PatientGeneral,
  type RecordEdit,
  type recordDeleteSchema,
} from "../../../../sync/schemas/patient-record.ts";
import type { z } from "zod";
import { chartAccess, type PatientRow } from "./access.ts";
import type { ChartAudit } from "./audit.ts";
import { createMedicalCardRepo } from "../patients/medical-card-repo.ts";
import type { SyncWriter } from "../sync/writer.ts";
import { touchPanel, touchPanelIn } from "../patients/panel.ts";

/** 02 §9: at most 400 patients per doctor. */
export const PATIENTS_PER_DOCTOR_MAX = 400;

type ListInput = z.output<typeof doctorPatientsListSchema>;
type ListRow = PatientRow & { last_encounter_at: Date | null; total: number };
type Rec = Record<string, unknown> & { _id: string };
/** The stored card as the care team edits it: every record with an `_id`; social history may be missing. */
type Card = {
  allergies: Rec[]; allergiesNoSignificant: boolean; medications: Rec[]; pastMedicalHistory: Rec[]; surgicalHistory: Rec[];
  familyHistory: Rec[]; familyHistoryNoSignificant: boolean; socialHistory: MedicalCard["socialHistory"] | null;
};
const EMPTY_CARD: Card = {
  allergies: [], allergiesNoSignificant: false, medications: [], pastMedicalHistory: [], surgicalHistory: [],
  familyHistory: [], familyHistoryNoSignificant: false, socialHistory: null,
};
const LISTS = ["allergies", "medications", "pastMedicalHistory", "surgicalHistory", "familyHistory"] as const;

/**
 * The id of a record saved without one (the patient's own form saves none): derived from its list, place and
 * content, so every read answers the same id until the record changes, and an edit of a record the patient
 * changed meanwhile is refused (NO_SUCH_RECORD) instead of landing on another one. UUID-shaped (version 8).
 */
export function derivedRecordId(list: string, index: number, record: Record<string, unknown>): string {
  const hex = createHash("sha256").update(JSON.stringify([list, index, record])).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Every record of the card with an `_id` (cards saved by the patient's form have none yet). */
export function withRecordIds(card: Partial<Card> | null): Card {
  const out = { ...EMPTY_CARD, ...card } as Card;
  for (const key of LISTS) {
    out[key] = (out[key] ?? []).map((r, i) => ({ ...r, _id: typeof r._id === "string" ? r._id : derivedRecordId(key, i, r) }));
  }
  return out;
}

export function toChartPatient(r: PatientRow & { last_encounter_at?: Date | null }): ChartPatient {
  return {
    id: r.id, firstName: r.first_name, lastName: r.last_name, middleName: r.middle_name ?? "", birthDate: r.birth_date,
    gender: r.gender, email: r.email, phoneNumber: r.phone_number, doctorId: r.doctor_id,
    lastEncounterAt: r.last_encounter_at ? r.last_encounter_at.toISOString() : null,
  };
}

export function createChartPatients(deps: Pick<Deps, "sql" | "clock"> & { audit: ChartAudit; write: SyncWriter }) {
  const { sql, clock, audit, write } = deps;

  const cards = createMedicalCardRepo(sql);
  async function loadCard(patientId: string): Promise<Card> {
    return withRecordIds(await cards.get<Partial<Card>>(patientId));
  }
  async function saveCard(patientId: string, card: Card) {
    await cards.save(patientId, card, clock.now());
    await touchPanel(write, [patientId]);
  }

  return {
    async list(actor: Actor, input: ListInput) {
      const access = chartAccess(sql, actor);
      access.requireCareTeam();
      const { search, gender } = input.filter;
      const pattern = search ? `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
      const [field, dir] = (Object.entries(input.order)[0] ?? ["currentDoctor", 1]) as [string, 1 | -1];
      const d = dir === 1 ? sql`asc` : sql`desc`;
      // Everyone listed is the current doctor's patient, so `currentDoctor` orders by name (the default).
      const order = field === "birthDate"
        ? sql`u.birth_date ${d} nulls last`
        : field === "createdAt"
        ? sql`u.created_at ${d}`
        : field === "lastEncounter"
        ? sql`last_encounter_at ${d} nulls last`
        : sql`u.last_name ${d}, u.first_name ${d}`;
      const rows = await sql<ListRow[]>`
        select u.id, u.email, u.first_name, u.last_name, u.middle_name, to_char(u.birth_date, 'YYYY-MM-DD') as birth_date,
          u.gender, u.phone_number, u.address, u.city, u.state, u.zip, u.doctor_id,
          (select max(e.encounter_datetime) from encounters e where e.patient_id = u.id and e.deleted_at is null) as last_encounter_at,
          count(*) over ()::int as total
        from users u
        where u.role = 'patient' and ${access.patientVisible(sql`u.id`)}
          and (${gender ?? null}::text is null or u.gender = ${gender ?? null})
          and (${pattern}::text is null or u.first_name ilike ${pattern} or u.last_name ilike ${pattern}
            or (u.first_name || ' ' || u.last_name) ilike ${pattern} or u.email ilike ${pattern})
        order by ${order}, u.id offset ${input.offset} limit ${input.limit}`;
      const list = rows.map(toChartPatient);
      await audit.read(actor, { patientId: null, what: "patient.list", details: { patientIds: list.map((p) => p.id) } });
      return { list, totalCount: rows[0]?.total ?? 0 };
    },

    async create(actor: Actor, input: PatientCreate) {
      const access = chartAccess(sql, actor);
      access.requireCareTeam();
      const id = await sql.begin(async (tx) => {
        // One practice at a time counts its patients (02 §9 cap).
        await tx`select pg_advisory_xact_lock(7311, hashtext(${access.practiceId}))`;
        const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from users where role = 'patient' and doctor_id = ${access.practiceId}`;
        if (n >= PATIENTS_PER_DOCTOR_MAX) throw conflict(`A doctor has at most ${PATIENTS_PER_DOCTOR_MAX} patients`, "PATIENT_CAP");
        const [taken] = await tx`select 1 from users where lower(email) = lower(${input.email})`;
        if (taken) throw conflict("This email is already registered", "EMAIL_TAKEN");
        const [row] = await tx<{ id: string }[]>`
          insert into users (role, email, first_name, last_name, middle_name, birth_date, gender, phone_number, doctor_id, is_activated)
          values ('patient', ${input.email}, ${input.firstName}, ${input.lastName}, ${input.middleName || null}, ${input.birthDate},
            ${input.gender}, ${input.phoneNumber ?? null}, ${access.practiceId}, false)
          returning id`;
        return row.id;
      });
      await touchPanel(write, [id]);
      await audit.write(actor, { patientId: id, what: "patient.create", id });
      return toChartPatient(await access.patient(id));
    },

    /** The chart's header: the patient's general data and medical card (records with `_id`). */
    async get(actor: Actor, id: string) {
      const access = chartAccess(sql, actor);
      const patient = await access.patient(id);
      const card = await loadCard(id);
      await audit.read(actor, { patientId: id, what: "patient.read", id });
      return { ...toChartPatient(patient), medicalCard: card };
    },

    async editGeneral(actor: Actor, id: string, input: PatientGeneral) {
      const access = chartAccess(sql, actor);
      access.requireCareTeam();
      await access.patient(id);
      await sql`update users set first_name = ${input.firstName}, last_name = ${input.lastName}, middle_name = ${input.middleName || null},
        birth_date = ${input.birthDate}, gender = ${input.gender}, updated_at = ${clock.now()} where id = ${id}`;
      await touchPanel(write, [id]);
      await audit.write(actor, { patientId: id, what: "patient.editGeneral", id });
      return toChartPatient(await access.patient(id));
    },

    /** `PUT /patient/{id}`: the patient's contact phone (patient-record.ts says why only that). */
    async editContact(actor: Actor, id: string, input: PatientContact) {
      const access = chartAccess(sql, actor);
      access.requireCareTeam();
      await access.patient(id);
      await sql`update users set phone_number = ${input.phoneNumber}, updated_at = ${clock.now()} where id = ${id}`;
      await touchPanel(write, [id]);
      await audit.write(actor, { patientId: id, what: "patient.editContact", id });
      return toChartPatient(await access.patient(id));
    },

    /**
     * Detaches the patient from the practice (`doctor_id` := null): the practice
     * no longer sees them; no clinical row is deleted, and a practice that
     * takes the patient again (an admin's assignment) finds the chart whole.
     */
    async detach(actor: Actor, id: string): Promise<PatientDetached> {
      const access = chartAccess(sql, actor);
      access.requireDoctor("remove a patient");
      await access.patient(id);
      await write(["encounter_notes", "patients"], async (w) => {
        await w.tx`update users set doctor_id = null, updated_at = ${clock.now()} where id = ${id}`;
        // The practice's devices stop receiving the patient's row (see sync/README.md, "Losing access").
        await touchPanelIn(w, [id]);
        // Nobody receives these (the patient has no care team now), but the new seqs tell open
        // collaborative editors of the patient's notes to re-check their access at once (collab/watch.ts).
        await w.touchScope("encounter_notes", [id]);
      });
      await audit.write(actor, { patientId: id, what: "patient.detach", id, details: { doctorId: access.practiceId } });
      return { id, detached: true };
    },

    async editRecord(actor: Actor, id: string, input: RecordEdit) {
      const access = chartAccess(sql, actor);
      access.requireCareTeam();
      await access.patient(id);
      const card = await loadCard(id);
      let recordId: string | null = null;
      if (input.type === "socialHistory") card.socialHistory = input.record;
      else {
        if ("noSignificant" in input && input.noSignificant !== undefined) {
          const key = input.type === "allergies" ? "allergiesNoSignificant" : "familyHistoryNoSignificant";
          if (input.noSignificant && card[input.type].length > 0 && !input.record) {
            throw conflict("Remove the listed records before marking nothing significant", "RECORDS_PRESENT");
          }
          card[key] = input.noSignificant;
        }
        if (input.record) {
          const list = card[input.type];
          const given = (input.record as { _id?: string })._id;
          const id = given ?? crypto.randomUUID();
          recordId = id;
          const at = list.findIndex((r) => r._id === id);
          if (given && at < 0) throw conflict("No such record", "NO_SUCH_RECORD");
          const record: Rec = { ...input.record, _id: id };
          if (at >= 0) list[at] = record;
          else list.push(record);
          // A real record ends the "nothing significant" marker.
          if (input.type === "allergies") card.allergiesNoSignificant = false;
          if (input.type === "familyHistory") card.familyHistoryNoSignificant = false;
        }
      }
      await saveCard(id, card);
      await audit.write(actor, { patientId: id, what: "medicalCard.editRecord", id: recordId, details: { type: input.type } });
      return card;
    },

    async deleteRecord(actor: Actor, id: string, input: z.output<typeof recordDeleteSchema>) {
      const access = chartAccess(sql, actor);
      access.requireCareTeam();
      await access.patient(id);
      const card = await loadCard(id);
      const key = input.type as (typeof LISTS)[number];
      const before = card[key].length;
      card[key] = card[key].filter((r) => r._id !== input._id);
      if (card[key].length === before) throw conflict("No such record", "NO_SUCH_RECORD");
      await saveCard(id, card);
      await audit.write(actor, { patientId: id, what: "medicalCard.deleteRecord", id: input._id, details: { type: input.type } });
      return card;
    },

    async checkErx(actor: Actor, id: string): Promise<ErxCheck> {
      const access = chartAccess(sql, actor);
      access.requireCareTeam();
      const p = toChartPatient(await access.patient(id));
      const raw = await access.patient(id);
      const values: Record<string, unknown> = {
        firstName: p.firstName, lastName: p.lastName, birthDate: p.birthDate, gender: p.gender, phoneNumber: p.phoneNumber,
        address: raw.address, city: raw.city, state: raw.state, zip: raw.zip,
      };
      const missing = ERX_REQUIRED_FIELDS.filter((f) => values[f] === null || values[f] === undefined || values[f] === "");
      await audit.read(actor, { patientId: id, what: "patient.checkErx", id });
      return { complete: missing.length === 0, missing };
    },
  };
}
