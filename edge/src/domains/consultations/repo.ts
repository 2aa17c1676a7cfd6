/**
 * SQL for consultations. Every read is scoped by the actor (visibility.ts);
 * writes go through the sync writer (they are a synced collection), inside the
 * transaction that holds the consultations lock.
 */
import type { Actor } from "../../access/actor.ts";
import type { Fragment, Queryable, Sql } from "../../db/connect.ts";
import type { SyncWrite } from "../sync/writer.ts";
import type { TimeRange } from "../../../../sync/rules/slots.ts";
import {
  type ConsultationListQuery,
  type ConsultationStatus,
  type ConsultationType,
  SLOT_HOLDING_STATUSES,
} from "../../../../sync/schemas/consultation.ts";
import type { IntakeForm } from "../../../../sync/schemas/intake-form.ts";
import { visibleConsultation } from "./visibility.ts";

export type ConsultationRow = {
  id: string;
  doctor_id: string;
  patient_id: string;
  type: ConsultationType;
  status: ConsultationStatus;
  start_at: Date;
  end_at: Date;
  reason: string;
  out_of_state_reason: string | null;
  decline_reason: string | null;
  cancel_reason: string | null;
  canceled_by: string | null;
  encounter_id: string | null;
  intake_form: IntakeForm | Record<string, never>;
  created_at: Date;
  d_first_name: string;
  d_last_name: string;
  d_specialty: string | null;
  p_first_name: string;
  p_last_name: string;
  p_state: string | null;
  /** A video room is open for it (video issue): keeps it open past its slot, for a while. */
  live: boolean;
};

function selectConsultations(q: Queryable): Fragment {
  return q`
    select c.*, d.first_name as d_first_name, d.last_name as d_last_name, d.specialty as d_specialty,
           p.first_name as p_first_name, p.last_name as p_last_name, p.state as p_state,
           exists (select 1 from video_rooms vr where vr.consultation_id = c.id and vr.closed_at is null) as live
    from consultations c join users d on d.id = c.doctor_id join users p on p.id = c.patient_id`;
}

const holding = SLOT_HOLDING_STATUSES as unknown as string[];

/** The synced fields of a consultation, as the sync writer takes them. */
type DocFields = Partial<{
  status: ConsultationStatus;
  startAt: string;
  endAt: string;
  declineReason: string;
  cancelReason: string;
  /** The visit's encounter (./visit-encounters.ts). */
  encounterId: string | null;
}>;

export type NewConsultation = {
  id: string;
  doctorId: string;
  patientId: string;
  type: ConsultationType;
  startAt: Date;
  endAt: Date;
  reason: string;
  outOfStateReason: string | null;
  intakeForm: IntakeForm;
  createdAt: Date;
};

/** The unique index that makes one slot one booking (edge/migrations/0003_consultations.sql). */
export const ONE_PER_SLOT_INDEX = "consultations_one_per_slot";
export const isSlotConflict = (e: unknown) =>
  (e as { code?: string; constraint_name?: string })?.code === "23505" &&
  (e as { constraint_name?: string }).constraint_name === ONE_PER_SLOT_INDEX;

export function createConsultationsRepo(sql: Sql) {
  return {
    /** The consultation if the actor may see it; null when it does not exist or is hidden (the same to the caller). */
    async visibleById(q: Queryable, actor: Actor, id: string): Promise<ConsultationRow | null> {
      const [row] = await q<ConsultationRow[]>`${selectConsultations(q)}
        where c.id = ${id} and ${visibleConsultation(q, actor, q`c`)}`;
      return row ?? null;
    },

    /** Time a doctor is taken in [from, to): consultations holding their slot, less one being moved. */
    async doctorBusy(q: Queryable, doctorId: string, range: TimeRange, exceptId: string | null = null): Promise<TimeRange[]> {
      const rows = await q<{ start_at: Date; end_at: Date }[]>`
        select start_at, end_at from consultations
        where doctor_id = ${doctorId} and status = any(${holding}) and start_at < ${range.endAt} and end_at > ${range.startAt}
          and id is distinct from ${exceptId}`;
      return rows.map((r) => ({ startAt: r.start_at, endAt: r.end_at }));
    },

    /** Whether the patient has another consultation (requested or accepted) overlapping this time. */
    async patientBusy(q: Queryable, patientId: string, range: TimeRange, exceptId: string | null = null): Promise<boolean> {
      const [row] = await q`
        select 1 from consultations
        where patient_id = ${patientId} and status in ('requested', 'accepted')
          and start_at < ${range.endAt} and end_at > ${range.startAt} and id is distinct from ${exceptId}
        limit 1`;
      return !!row;
    },

    async list(actor: Actor, query: ConsultationListQuery & { dayRange: TimeRange | null }, now: Date) {
      const tab = {
        all: sql`true`,
        requests: sql`c.status = 'requested' and c.end_at > ${now}`,
        upcoming: sql`c.status = 'accepted' and c.end_at > ${now}`,
        past: sql`(c.status in ('finished', 'canceled', 'declined') or c.end_at <= ${now})`,
      }[query.tab];
      const order = query.tab === "requests" || query.tab === "upcoming"
        ? sql`order by c.start_at, c.id`
        : sql`order by c.start_at desc, c.id`;
      const where = sql`where ${visibleConsultation(sql, actor, sql`c`)} and ${tab}
        and (${query.status ?? null}::text[] is null or c.status = any(${query.status ?? null}::text[]))
        and (${query.doctorId ?? null}::uuid is null or c.doctor_id = ${query.doctorId ?? null})
        and (${query.patientId ?? null}::uuid is null or c.patient_id = ${query.patientId ?? null})
        and (${query.dayRange?.startAt ?? null}::timestamptz is null
          or (c.start_at >= ${query.dayRange?.startAt ?? null} and c.start_at < ${query.dayRange?.endAt ?? null}))`;
      const rows = await sql<ConsultationRow[]>`${selectConsultations(sql)} ${where} ${order}
        offset ${query.offset} limit ${query.limit}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from consultations c ${where}`;
      return { rows, totalCount: count };
    },

    /** The actor's next consultation that has not ended (accepted or requested). */
    async nearest(actor: Actor, doctorId: string | undefined, now: Date): Promise<ConsultationRow | null> {
      const [row] = await sql<ConsultationRow[]>`${selectConsultations(sql)}
        where ${visibleConsultation(sql, actor, sql`c`)} and c.status in ('accepted', 'requested') and c.end_at > ${now}
          and (${doctorId ?? null}::uuid is null or c.doctor_id = ${doctorId ?? null})
        order by c.start_at, c.id limit 1`;
      return row ?? null;
    },

    /** Consultations starting in a range: a doctor's that the actor may see, and (withOwn) the actor's own. */
    async inRange(actor: Actor, o: { doctorId: string | null; withOwn: boolean; range: TimeRange }): Promise<ConsultationRow[]> {
      const ofDoctor = o.doctorId ? sql`c.doctor_id = ${o.doctorId}` : sql`false`;
      const own = o.withOwn ? sql`(c.patient_id = ${actor.userId} or c.doctor_id = ${actor.userId})` : sql`false`;
      return await sql<ConsultationRow[]>`${selectConsultations(sql)}
        where ${visibleConsultation(sql, actor, sql`c`)} and (${ofDoctor} or ${own})
          and c.start_at >= ${o.range.startAt} and c.start_at < ${o.range.endAt}
        order by c.start_at, c.id`;
    },

    async insert(w: SyncWrite, c: NewConsultation): Promise<void> {
      const doc = {
        id: c.id, doctorId: c.doctorId, patientId: c.patientId, type: c.type, status: "requested",
        startAt: c.startAt.toISOString(), endAt: c.endAt.toISOString(), reason: c.reason,
        outOfStateReason: c.outOfStateReason, declineReason: null, cancelReason: null, encounterId: null, _deleted: false,
      };
      await w.insert("consultations", doc, Object.keys(doc));
      // Not replicated, so written beside the synced fields.
      await w.tx`update consultations set intake_form = ${w.tx.json(c.intakeForm as never)}, created_at = ${c.createdAt},
        intake_submitted_at = ${c.createdAt} where id = ${c.id}`;
    },

    /** Changes synced fields (new seq, live event); `canceledBy` is kept beside them. */
    async update(w: SyncWrite, id: string, fields: DocFields, canceledBy: string | null = null): Promise<void> {
      await w.update("consultations", id, fields, Object.keys(fields));
      if (canceledBy) await w.tx`update consultations set canceled_by = ${canceledBy} where id = ${id}`;
    },

    /** The intake form is not replicated: a plain update; `at`, when the patient submitted it. */
    async setIntakeForm(id: string, form: IntakeForm, at: Date): Promise<void> {
      await sql`update consultations set intake_form = ${sql.json(form as never)}, intake_submitted_at = ${at} where id = ${id}`;
    },
  };
}
export type ConsultationsRepo = ReturnType<typeof createConsultationsRepo>;
