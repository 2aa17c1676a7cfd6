/**
 * Consultations: booking and its rules, the state changes (accept, decline,
 * reschedule, cancel), reading (list, one, nearest, access state) and the
 * patient's intake form. Every change runs in the sync writer's transaction
 * for `consultations`, which holds that collection's lock: the free-time checks
 * and the write are atomic, and the unique index `consultations_one_per_slot`
 * refuses a second booking of a slot even from a writer that skipped them.
 */
import { requireMembership } from "../memberships/requirement.ts";
import type { Actor } from "../../access/actor.ts";
import type { Queryable } from "../../db/connect.ts";
import type { Deps } from "../../deps.ts";
import { listOf } from "../../http/envelope.ts";
import type { ListResult } from "../../../../sync/envelope.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../http/errors.ts";
import { DOCTOR_PATIENT_CAP } from "../../../../sync/constants.ts";
import { consultationAccess, isLive, NOT_FOUND_ACCESS } from "../../../../sync/rules/consultation-access.ts";
import { buildIntakeForm, checkIntakeAnswers } from "../../../../sync/rules/intake-form.ts";
import { slotAt, type TimeRange } from "../../../../sync/rules/slots.ts";
import { addDays, startOfZonedDay } from "../../../../sync/rules/zoned-time.ts";
import {
  type BookConsultation,
  type Consultation,
  CONSULTATION_MESSAGES,
  type ConsultationAccess,
  type ConsultationListQuery,
  type NearestConsultation,
} from "../../../../sync/schemas/consultation.ts";
import { type ConsultationIntakeForm, type IntakeAnswers, intakeAnswersInputSchema } from "../../../../sync/schemas/intake-form.ts";
import type { AvailabilityService } from "../availability/service.ts";
import { panelFull } from "../doctors/errors.ts";
import { bookableDoctor } from "../doctors/reads.ts";
import type { IntakeFormsService } from "../intake-forms/service.ts";
import type { SyncWrite, SyncWriter } from "../sync/writer.ts";
import { createAccounts } from "../users/accounts.ts";
import { intakeEditable, toConsultation, toIntakeForm } from "./present.ts";
import { type ConsultationRow, createConsultationsRepo, isSlotConflict } from "./repo.ts";
import { actsForDoctor, mayCancel } from "./visibility.ts";

export const CONSULTATION_ERRORS = {
  notFound: () => notFound("Consultation not found"),
  slotTaken: () => conflict("This time slot is no longer available", "SLOT_TAKEN"),
  patientBusy: () => conflict("You already have a consultation at this time", "PATIENT_BUSY"),
  notForDoctor: () => forbidden("Only the doctor or their assistant may do this", "NOT_THE_DOCTOR"),
};

const startAtError = (message: string, reason: string) =>
  badRequest(message, { reason, fields: { startAt: message } });

export function createConsultationsService(deps: Pick<Deps, "sql" | "clock"> & {
  write: SyncWriter;
  availability: AvailabilityService;
  intakeForms: IntakeFormsService;
}) {
  const { sql, clock, write, availability, intakeForms } = deps;
  const repo = createConsultationsRepo(sql);
  const accounts = createAccounts(sql);

  /**
   * The slot at `startAt` if it is bookable by time: in the future, within the horizon, in the doctor's hours.
   * `q` is the transaction when called inside one (PGlite has a single connection).
   */
  async function slotFor(q: Queryable, doctorId: string, startAt: Date): Promise<TimeRange> {
    if (startAt <= clock.now()) throw startAtError("This time is in the past", "IN_PAST");
    if (startAt > availability.horizon()) throw startAtError("This time is too far ahead to book", "TOO_FAR_AHEAD");
    const rules = await availability.rulesOf(q, doctorId);
    const slot = rules && slotAt(rules, startAt);
    if (!slot) throw startAtError("This time is outside the doctor's availability", "OUTSIDE_AVAILABILITY");
    return slot;
  }

  /** Under the consultations lock: the slot must still be free for the doctor and the patient. */
  async function assertFree(w: SyncWrite, c: { doctorId: string; patientId: string; slot: TimeRange; exceptId?: string }) {
    if ((await repo.doctorBusy(w.tx, c.doctorId, c.slot, c.exceptId ?? null)).length) throw CONSULTATION_ERRORS.slotTaken();
    if (await repo.patientBusy(w.tx, c.patientId, c.slot, c.exceptId ?? null)) throw CONSULTATION_ERRORS.patientBusy();
  }

  /** Runs a change in the consultations transaction; a slot the index refuses is "no longer available". */
  async function change<T>(fn: (w: SyncWrite) => Promise<T>): Promise<T> {
    try {
      return await write(["consultations"], fn);
    } catch (e) {
      if (isSlotConflict(e)) throw CONSULTATION_ERRORS.slotTaken();
      throw e;
    }
  }

  async function visible(actor: Actor, id: string): Promise<ConsultationRow> {
    const row = await repo.visibleById(sql, actor, id);
    if (!row) throw CONSULTATION_ERRORS.notFound();
    return row;
  }

  async function present(actor: Actor, id: string): Promise<Consultation> {
    return toConsultation(await visible(actor, id), actor, clock.now());
  }

  async function intakeFormFor(doctorId: string, input: IntakeAnswers, prefix: string) {
    const settings = await intakeForms.settingsOf(sql, doctorId);
    const errors = checkIntakeAnswers(settings, input);
    if (Object.keys(errors).length) {
      throw badRequest("Please correct the highlighted fields", {
        reason: "VALIDATION_FAILED",
        fields: Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${prefix}${k}`, v])),
      });
    }
    return buildIntakeForm(settings, input);
  }

  type Rule = { allowed: (a: Actor, c: ConsultationRow) => boolean; denied: () => AppError };
  const DOCTOR_ONLY: Rule = { allowed: actsForDoctor, denied: CONSULTATION_ERRORS.notForDoctor };
  const FINISHER: Rule = {
    allowed: (a, c) => a.role === "doctor" && a.userId === c.doctor_id,
    denied: () => forbidden("Only the doctor finishes a consultation", "NOT_THE_DOCTOR"),
  };
  const CANCELERS: Rule = { allowed: mayCancel, denied: () => forbidden("You may not cancel this consultation") };

  /** Loads a consultation for a state change inside the transaction: visible (else 404) and allowed (else 403). */
  async function forChange(w: SyncWrite, actor: Actor, id: string, rule: Rule) {
    const row = await repo.visibleById(w.tx, actor, id);
    if (!row) throw CONSULTATION_ERRORS.notFound();
    if (!rule.allowed(actor, row)) throw rule.denied();
    return row;
  }

  const invalidState = (row: ConsultationRow, action: string) =>
    conflict(`A consultation that is ${row.status} cannot be ${action}`, "INVALID_STATE");
  const ended = () => conflict("This consultation's time has passed", "CONSULTATION_ENDED");

  return {
    get: present,

    /** `POST /consultations`, by a patient. Rules in the order a patient would fix them. */
    async book(actor: Actor, input: BookConsultation): Promise<Consultation> {
      // 1. A listed doctor who takes bookings (approved, unblocked, active payout account).
      const doctor = await bookableDoctor(sql, input.doctorId);
      // 2. Out of the doctor's licensed states: a reason is required (01 §5).
      const patient = (await accounts.user(actor.userId))!;
      const inState = !!patient.state && doctor.licensedStates.includes(patient.state);
      const outOfStateReason = inState ? null : input.outOfStateReason?.trim() || null;
      if (!inState && !outOfStateReason) {
        throw badRequest(CONSULTATION_MESSAGES.outOfStateReasonRequired, {
          reason: "OUT_OF_STATE_REASON_REQUIRED",
          fields: { outOfStateReason: CONSULTATION_MESSAGES.outOfStateReasonRequired },
        });
      }
      // 3. A full panel (400) takes no patients from outside it.
      if (patient.doctor?.id !== doctor.id && doctor.panelSize >= DOCTOR_PATIENT_CAP) throw panelFull();
      // 3b. A member of this doctor, when the doctor offers memberships (402 "Subscription required").
      await requireMembership(sql, actor.userId, doctor.id);
      // 4. A slot of the doctor's availability, in the future; 5. the intake form answers the doctor's questions.
      const slot = await slotFor(sql, doctor.id, input.startAt);
      const intakeForm = await intakeFormFor(doctor.id, input.intakeForm ?? intakeAnswersInputSchema.parse({}), "intakeForm.");
      // 6. Free for both, checked and written under the lock.
      const id = crypto.randomUUID();
      await change(async (w) => {
        await assertFree(w, { doctorId: doctor.id, patientId: actor.userId, slot });
        await repo.insert(w, {
          id, doctorId: doctor.id, patientId: actor.userId, type: input.type, startAt: slot.startAt, endAt: slot.endAt,
          reason: input.reason, outOfStateReason, intakeForm, createdAt: clock.now(),
        });
      });
      return await present(actor, id);
    },

    async list(actor: Actor, query: ConsultationListQuery): Promise<ListResult<Consultation>> {
      const dayRange = query.date
        ? { startAt: startOfZonedDay(query.date, query.timezone ?? "UTC"), endAt: startOfZonedDay(addDays(query.date, 1), query.timezone ?? "UTC") }
        : null;
      const now = clock.now();
      const { rows, totalCount } = await repo.list(actor, { ...query, dayRange }, now);
      return listOf(rows.map((r) => toConsultation(r, actor, now)), query.offset, query.limit, totalCount);
    },

    /** Consultations starting in a range (the calendar): a doctor's that the actor may see, and (withOwn) the actor's own. */
    async inRange(actor: Actor, o: { doctorId: string | null; withOwn: boolean; range: TimeRange }): Promise<Consultation[]> {
      const now = clock.now();
      return (await repo.inRange(actor, o)).map((r) => toConsultation(r, actor, now));
    },

    async nearest(actor: Actor, doctorId: string | undefined): Promise<NearestConsultation> {
      const row = await repo.nearest(actor, doctorId, clock.now());
      const free = doctorId ? await availability.firstFree(doctorId) : null;
      return {
        consultation: row ? toConsultation(row, actor, clock.now()) : null,
        freeSlot: free ? { startAt: free.startAt.toISOString(), endAt: free.endAt.toISOString() } : null,
      };
    },

    /** The caller's access state; a consultation they may not see is `not_found`, like a missing one. */
    async access(actor: Actor, id: string): Promise<ConsultationAccess> {
      const row = await repo.visibleById(sql, actor, id);
      return row ? toConsultation(row, actor, clock.now()).access : NOT_FOUND_ACCESS;
    },

    async accept(actor: Actor, id: string): Promise<Consultation> {
      await change(async (w) => {
        const row = await forChange(w, actor, id, DOCTOR_ONLY);
        if (row.status !== "requested") throw invalidState(row, "accepted");
        if (row.end_at <= clock.now()) throw ended();
        await repo.update(w, id, { status: "accepted" });
      });
      return await present(actor, id);
    },

    async decline(actor: Actor, id: string, reason: string): Promise<Consultation> {
      await change(async (w) => {
        const row = await forChange(w, actor, id, DOCTOR_ONLY);
        if (row.status !== "requested") throw invalidState(row, "declined");
        await repo.update(w, id, { status: "declined", declineReason: reason });
      });
      return await present(actor, id);
    },

    /** A new time from the doctor's free slots; the consultation becomes accepted. */
    async reschedule(actor: Actor, id: string, startAt: Date): Promise<Consultation> {
      await change(async (w) => {
        const row = await forChange(w, actor, id, DOCTOR_ONLY);
        if (row.status !== "requested" && row.status !== "accepted") throw invalidState(row, "rescheduled");
        const slot = await slotFor(w.tx, row.doctor_id, startAt);
        await assertFree(w, { doctorId: row.doctor_id, patientId: row.patient_id, slot, exceptId: id });
        await repo.update(w, id, { status: "accepted", startAt: slot.startAt.toISOString(), endAt: slot.endAt.toISOString() });
      });
      return await present(actor, id);
    },

    /**
     * `POST /consultations/{id}`: either party, the doctor's VMA or an admin, with a reason,
     * before it ends. An encounter linked to it (encounters issue) reads its status from here.
     */
    async cancel(actor: Actor, id: string, reason: string): Promise<Consultation> {
      await change(async (w) => {
        const row = await forChange(w, actor, id, CANCELERS);
        if (row.status !== "requested" && row.status !== "accepted") throw invalidState(row, "canceled");
        if (row.end_at <= clock.now()) throw ended();
        await repo.update(w, id, { status: "canceled", cancelReason: reason }, actor.userId);
      });
      return await present(actor, id);
    },

    /**
     * The doctor ends an accepted consultation while it is open or live (the video room's
     * Finish); the video service then destroys the room and tells both parties.
     */
    async finish(actor: Actor, id: string): Promise<Consultation> {
      await change(async (w) => {
        const row = await forChange(w, actor, id, FINISHER);
        if (row.status !== "accepted") throw invalidState(row, "finished");
        const access = consultationAccess({
          status: row.status, startAt: row.start_at, endAt: row.end_at, isParty: true, live: isLive(row.live, row.end_at, clock.now()),
        }, clock.now());
        if (access.state === "ended") throw ended();
        if (access.state !== "open") throw conflict("This consultation has not started yet", "NOT_STARTED");
        await repo.update(w, id, { status: "finished" });
      });
      return await present(actor, id);
    },

    async intakeForm(actor: Actor, id: string): Promise<ConsultationIntakeForm> {
      return toIntakeForm(await visible(actor, id), clock.now());
    },

    /** The patient changes their answers while the consultation may still happen. */
    async updateIntakeForm(actor: Actor, id: string, input: IntakeAnswers): Promise<ConsultationIntakeForm> {
      const row = await visible(actor, id);
      if (row.patient_id !== actor.userId) throw forbidden("Only the patient fills in the intake form");
      if (!intakeEditable(row, clock.now())) {
        throw new AppError(409, "The intake form can no longer be changed", { reason: "INTAKE_FORM_CLOSED" });
      }
      await repo.setIntakeForm(id, await intakeFormFor(row.doctor_id, input, ""), clock.now());
      return toIntakeForm(await visible(actor, id), clock.now());
    },
  };
}
export type ConsultationsService = ReturnType<typeof createConsultationsService>;
