/**
 * Subscribing, changing and cancelling memberships (02 §4, §7). The product
 * asks the processor and stores what the processor answers — never what the
 * browser says; webhooks (./webhooks.ts) keep the stored state current.
 */
import { z } from "zod";
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { AppError, conflict, notFound } from "../../http/errors.ts";
import { DOCTOR_PATIENT_CAP } from "../../../../sync/constants.ts";
import type { Membership, SubscribeInput, SubscribeResult } from "../../../../sync/schemas/membership.ts";
import { CardError, type SubscriptionState } from "../../platform/payments/payments.ts";
import { cardMessage } from "../../platform/payments/stripe-payments.ts";
import { createDoctorsRepo, isListed } from "../doctors/repo.ts";
import { noSuchDoctor, requireLicensedFor } from "../doctors/errors.ts";
import { assignIfNone } from "../doctors/care-team.ts";
import type { SyncWriter } from "../sync/writer.ts";
import { createPlansRepo, type OptionRow, toOption } from "../plans/repo.ts";
import { noSuchPlan } from "../plans/service.ts";
import { membershipFor, noSuchMembership } from "./access.ts";
import { toMembership } from "./present.ts";
import { planRenews } from "./plan-interval.ts";
import { createMembershipsRepo, type MembershipRow } from "./repo.ts";
import { createCustomers } from "../payments/customers.ts";
import { createPurchases, membershipSplit } from "../commerce/purchase.ts";
import type { ServicePurchase } from "../../../../sync/schemas/commerce.ts";
import { bindRedemption, couponByCode, invalidCoupon, redeemCoupon, releaseRedemption } from "../commerce/coupons.ts";

/** Retries cancelling a refused first payment's subscription (see `undo`). */
export const UNDO_JOB = "memberships.undo";
export const undoJobSchema = z.object({ membershipId: z.uuid() });

export const cannotSubscribe = () =>
  conflict("Sorry, you cannot subscribe to the doctor. Please contact support service.", "DOCTOR_PAYOUT_INACTIVE");
export const cardRefused = (e: CardError) =>
  new AppError(402, e.message, { reason: "CARD_ERROR", code: e.code, declineCode: e.declineCode });

/** How the processor counts a plan's interval (custom = days). */
export function recurrenceOf(p: { interval: string; interval_count: number }) {
  return {
    interval: (p.interval === "custom" ? "day" : p.interval) as "day" | "week" | "month" | "year",
    intervalCount: p.interval_count,
  };
}

export function createMembershipsService(
  deps: Pick<Deps, "sql" | "clock" | "audit" | "payments" | "log" | "jobs"> & { write: SyncWriter },
) {
  const { sql, clock, audit, payments, log, jobs } = deps;
  const repo = createMembershipsRepo(sql);
  const plans = createPlansRepo(sql);
  const doctors = createDoctorsRepo(sql);
  const customers = createCustomers(deps);
  const purchases = createPurchases(deps);

  const record = (actor: Actor | null, subjectId: string, what: string, details: Record<string, unknown>) =>
    audit.record({ event: "payment.write", actorId: actor?.userId ?? null, subjectId, details: { what, ...details } });

  /** The processor price for an amount and interval, made once. */
  async function priceFor(plan: { id: string; name: string; interval: string; interval_count: number }, amountCents: number) {
    const key = { planId: plan.id, amountCents, interval: plan.interval, intervalCount: plan.interval_count };
    const known = await repo.priceOf(sql, key);
    if (known) return known;
    const priceId = await payments.createPrice({ name: plan.name, amountCents, recurrence: recurrenceOf(plan), planId: plan.id });
    return await repo.savePrice(sql, { ...key, priceId });
  }

  /** Stores the processor's answer about a subscription (an API answer: as fresh as it gets). */
  async function store(s: SubscriptionState) {
    const mapped = s.priceId ? await repo.planOfPrice(sql, s.priceId) : null;
    await repo.applyState(sql, s.id, { ...s, planId: mapped?.plan_id, amountCents: mapped?.amount_cents }, clock.now());
    const row = await repo.bySubscription(sql, s.id);
    if (row && ["active", "trialing", "past_due"].includes(row.status)) {
      // The membership is the relationship: a patient without a doctor gets this one.
      await assignIfNone(deps.write, { patientId: row.patient_id, doctorId: row.doctor_id, now: clock.now() });
    }
    return row;
  }

  /**
   * The plan's own limits (02 §3; edge/docs/payments.md "Loyal clients and places"): a plan for loyal clients
   * takes only the doctor's existing patients (in their panel, or a member of theirs before); a plan with
   * available places takes no more live members with this doctor than it has places.
   */
  async function checkPlanLimits(patientId: string, patientsDoctor: string | null, option: OptionRow) {
    if (option.loyal_clients_only && patientsDoctor !== option.doctor_id && !(await repo.wasMember(sql, patientId, option.doctor_id))) {
      throw conflict("This membership is only for the doctor's existing patients", "LOYAL_CLIENTS_ONLY");
    }
    if (option.available_clients !== null && option.members_count >= option.available_clients) {
      throw conflict("This membership has no places left with this doctor", "NO_PLACES_LEFT");
    }
  }

  /**
   * Removes every trace of a subscription whose first payment failed: nothing half-made is left.
   * The processor's subscription is cancelled first; if that fails (an outage), the row stays
   * (still `incomplete`: no member, not listed) and the `memberships.undo` job retries, so no live
   * subscription is left untracked. The patient's answer is still the card's.
   */
  async function undo(row: { id: string; subscription_id: string }) {
    try {
      await payments.cancelSubscription(row.subscription_id, "now");
    } catch (e) {
      log.warn("cancelling a refused subscription failed; a job retries", {
        membershipId: row.id, subscriptionId: row.subscription_id, error: e instanceof Error ? e.message : String(e),
      });
      await jobs.send(UNDO_JOB, { membershipId: row.id }, { singletonKey: row.id });
      return;
    }
    await forget(row);
  }

  async function forget(row: { id: string; subscription_id: string }) {
    await repo.remove(sql, row.id);
    await releaseRedemption(sql, { subscriptionId: row.subscription_id });
  }

  async function doSubscribe(actor: Actor, input: SubscribeInput): Promise<SubscribeResult> {
    const doctor = await doctors.byId(sql, input.doctorId);
    if (!doctor || !isListed(doctor)) throw noSuchDoctor();
    const [optionRow] = await plans.optionsOf(sql, doctor.id, input.planId);
    const option = optionRow ? toOption(optionRow) : null;
    if (!option || !option.enabled) throw noSuchPlan();
    if (!doctor.stripe_account || !doctor.is_active_stripe_account) throw cannotSubscribe();
    const [me] = await sql<{ doctor_id: string | null; email: string; name: string; state: string | null }[]>`
      select doctor_id, email, first_name || ' ' || last_name as name, state from users where id = ${actor.userId}`;
    requireLicensedFor(doctor, me.state);
    if (me.doctor_id !== doctor.id && doctor.panel_size >= DOCTOR_PATIENT_CAP) {
      throw conflict("This doctor's practice is full: they take no new patients", "PANEL_FULL");
    }
    // Two requests with different keys (two tabs, a double tap) would both pass the member check and both pay:
    // the pair is claimed first, and the check made under the claim.
    if (!(await repo.claimSetup(sql, actor.userId, doctor.id, clock.now()))) {
      throw conflict("Your membership with this doctor is already being set up", "SUBSCRIBE_IN_PROGRESS");
    }
    try {
      return await subscribeClaimed(actor, input, doctor, option, optionRow!, me);
    } finally {
      await repo.releaseSetup(sql, actor.userId, doctor.id);
    }
  }

  async function subscribeClaimed(
    actor: Actor,
    input: SubscribeInput,
    doctor: NonNullable<Awaited<ReturnType<typeof doctors.byId>>>,
    option: NonNullable<ReturnType<typeof toOption>>,
    optionRow: OptionRow,
    me: { doctor_id: string | null; email: string; name: string },
  ): Promise<SubscribeResult> {
    // A subscription still waiting for its bank check (left in another tab, or abandoned) is replaced by this one:
    // if the processor says it was paid meanwhile, the patient is a member; otherwise it is cancelled first, so two
    // checks completed one after the other cannot make two memberships.
    const waiting = await repo.current(sql, actor.userId, doctor.id);
    if (waiting?.status === "incomplete") {
      const state = await payments.retrieveSubscription(waiting.subscription_id);
      if (["active", "trialing", "past_due"].includes(state.status)) await store(state);
      else if (["canceled", "incomplete_expired"].includes(state.status)) await forget(waiting);
      else await undo(waiting);
    }
    if (await repo.isMember(sql, actor.userId, doctor.id)) {
      throw conflict("You are already a member of this doctor", "ALREADY_MEMBER");
    }
    await checkPlanLimits(actor.userId, me.doctor_id, optionRow);
    // A promo code (02 §5): checked before anything is made, so a bad code changes nothing.
    const coupon = input.coupon ? await couponByCode(sql, input.coupon) : null;
    if (input.coupon && (!coupon?.processor_promotion_code_id || (coupon.redemption_limit !== null && coupon.applied_times >= coupon.redemption_limit))) {
      throw invalidCoupon();
    }

    const customerId = await customers.ensure(actor.userId, me.email, me.name);
    // The price existing members pay may still be the old one; a new member pays the current one.
    const amountCents = option.priceCents;
    const priceId = await priceFor(optionRow, amountCents);
    // The attached card's id (a test `pm_card_*` id makes a new card on each use, as on Stripe).
    let cardId = input.paymentMethodId;
    // A card the patient saved before (Settings, another membership) stays theirs when this payment fails;
    // only a card attached for this request is taken off again.
    let attachedHere = false;
    // Counted exactly (one conditional update); given back if the subscription is not made or its first payment fails.
    const redemption = coupon ? { couponId: coupon.id, patientId: actor.userId } : null;
    if (redemption) await sql.begin((tx) => redeemCoupon(tx, { ...redemption, purpose: "membership" }));
    let made = false;
    try {
      const saved = (await payments.listCards(customerId)).some((card) => card.id === input.paymentMethodId);
      cardId = (await payments.attachCard(customerId, input.paymentMethodId)).id;
      attachedHere = !saved;
      const { subscription, intent } = await payments.createSubscription({
        customerId,
        priceId,
        paymentMethodId: cardId,
        trialDays: option.trialDays,
        // A plan that does not renew (02 §9's 1-week access) is made to end with its first period.
        cancelAtPeriodEnd: !planRenews(optionRow!),
        metadata: { patientId: actor.userId, doctorId: doctor.id, planId: option.planId },
        idempotencyKey: `subscribe-${actor.userId}-${input.idempotencyKey}`,
        connect: await membershipSplit(deps, doctor.id, doctor.stripe_account!), // issue 14: the commission split
        promotionCodeId: coupon?.processor_promotion_code_id ?? undefined,
        // The option's initial price is the first payment; renewals pay the consecutive price.
        firstPaymentCents: option.initialPriceCents !== null && option.initialPriceCents !== amountCents ? option.initialPriceCents : undefined,
      });
      made = true;
      if (redemption) await bindRedemption(sql, redemption, subscription.id);
      const id = await repo.insert(sql, {
        patientId: actor.userId,
        doctorId: doctor.id,
        planId: option.planId,
        subscriptionId: subscription.id,
        amountCents,
        intentId: intent?.id ?? null,
        now: clock.now(),
        ...subscription,
      });
      await record(actor, actor.userId, "subscription.create", {
        membershipId: id,
        subscriptionId: subscription.id,
        amountCents,
        status: subscription.status,
      });
      if (subscription.status === "incomplete") {
        if (intent && (intent.status === "requires_action" || intent.status === "requires_confirmation")) {
          return {
            status: "requiresAction",
            membershipId: id,
            intentId: intent.id,
            clientSecret: intent.clientSecret,
            actionUrl: payments.emulatorUrl ? `${payments.emulatorUrl}/_emulator/3ds/${intent.id}` : null,
          };
        }
        await undo({ id, subscription_id: subscription.id });
        throw new CardError(
          intent?.errorCode ?? "card_declined",
          intent?.declineCode ?? null,
          cardMessage(intent?.errorCode ?? null, intent?.declineCode ?? null),
        );
      }
      const optionPlan = (await plans.byId(sql, option.planId))!;
      if (!optionPlan.auto_renewable) await store(await payments.cancelSubscription(subscription.id, "periodEnd"));
      const row = await store(subscription);
      return { status: "active", membership: toMembership(row!) };
    } catch (e) {
      if (redemption && !made) await releaseRedemption(sql, redemption);
      if (e instanceof CardError) {
        if (attachedHere) await payments.detachCard(customerId, cardId).catch(() => {});
        throw cardRefused(e);
      }
      throw e;
    }
  }

  async function mine(actor: Actor, id: string, action: "see" | "act") {
    return membershipFor(actor, await repo.byId(sql, id), action);
  }

  return {
    store,

    /** The `memberships.undo` job: finishes an undo whose cancellation failed (idempotent). */
    async finishUndo(membershipId: string) {
      const row = await repo.byId(sql, membershipId);
      if (!row || !["incomplete", "incomplete_expired"].includes(row.status)) return; // done, or not ours to undo
      const state = await payments.retrieveSubscription(row.subscription_id);
      if (["active", "trialing", "past_due"].includes(state.status)) {
        await store(state); // paid after all (the processor is the judge): a membership, not a leftover
        return;
      }
      if (!["canceled", "incomplete_expired"].includes(state.status)) await payments.cancelSubscription(row.subscription_id, "now");
      await forget(row);
      await record(null, row.patient_id, "subscription.undo", { membershipId: row.id, subscriptionId: row.subscription_id });
    },

    /** `POST /payments/stripe/subscribe`: one answer per idempotency key, however often it is sent. */
    async subscribe(actor: Actor, input: SubscribeInput): Promise<SubscribeResult> {
      const hash = JSON.stringify([input.doctorId, input.planId, input.paymentMethodId, ...(input.coupon ? [input.coupon.toLowerCase()] : [])]);
      if (!(await repo.claimRequest(sql, actor.userId, input.idempotencyKey, hash))) {
        // Another request with this key runs or ran: wait for its answer.
        for (let i = 0; i < 600; i++) {
          const prior = await repo.request(sql, actor.userId, input.idempotencyKey);
          if (prior && prior.request_hash !== hash) {
            throw conflict("This request key was already used for another request", "IDEMPOTENCY_KEY_REUSED");
          }
          const result = prior?.result as {
            ok?: SubscribeResult;
            error?: { status: number; message: string; details: Record<string, unknown> };
          } | null;
          if (result?.ok) return result.ok;
          if (result?.error) throw new AppError(result.error.status, result.error.message, result.error.details as never);
          await new Promise((r) => setTimeout(r, 100));
        }
        throw conflict("The same request is still being processed", "REQUEST_IN_PROGRESS");
      }
      try {
        const ok = await doSubscribe(actor, input);
        await repo.finishRequest(sql, actor.userId, input.idempotencyKey, { ok });
        return ok;
      } catch (e) {
        if (e instanceof AppError) {
          await repo.finishRequest(sql, actor.userId, input.idempotencyKey, {
            error: { status: e.status, message: e.message, details: e.details },
          });
        } else {
          // Unknown failure: free the key so a retry can try again.
          await sql`delete from subscribe_requests where patient_id = ${actor.userId} and idempotency_key = ${input.idempotencyKey}`;
        }
        throw e;
      }
    },

    /**
     * `POST /stripe/confirm/intent`: after the patient completed 3-D Secure — a membership's first
     * payment, or a paid service's charge (issue 14, answered with the purchase).
     */
    async confirmIntent(actor: Actor, intentId: string): Promise<Membership | ServicePurchase> {
      const row = await repo.byIntent(sql, intentId);
      if (!row && (await purchases.ownsIntent(intentId))) return await purchases.confirm(actor, intentId);
      if (!row || row.patient_id !== actor.userId) throw notFound("No such payment");
      let intent = await payments.retrieveIntent(intentId);
      try {
        if (intent.status === "requires_confirmation") intent = await payments.confirmIntent(intentId);
      } catch (e) {
        if (e instanceof CardError) {
          await undo(row);
          throw cardRefused(e);
        }
        throw e;
      }
      if (intent.status === "requires_action") {
        throw new AppError(402, "payment-action-required", { reason: "PAYMENT_ACTION_REQUIRED", intentId });
      }
      if (intent.status !== "succeeded" && intent.status !== "processing") {
        await undo(row);
        throw cardRefused(
          new CardError(
            intent.errorCode ?? "card_declined",
            intent.declineCode,
            cardMessage(intent.errorCode, intent.declineCode),
          ),
        );
      }
      const stored = await store(await payments.retrieveSubscription(row.subscription_id));
      await record(actor, actor.userId, "subscription.confirm", { membershipId: row.id, intentId });
      return toMembership(stored!);
    },

    async listMine(actor: Actor) {
      return (await repo.ofPatient(sql, actor.userId)).map(toMembership);
    },
    async listOfDoctor(actor: Actor) {
      const doctorId = actor.role === "doctor" ? actor.userId : actor.doctorId;
      if (!doctorId) return [];
      return (await repo.ofDoctor(sql, doctorId)).map(toMembership);
    },

    /** `PUT`: the current plan runs to period end, then the new one starts and is charged. */
    async change(actor: Actor, membershipId: string, planId: string) {
      const m = await mine(actor, membershipId, "act");
      if (!["active", "trialing"].includes(m.status) || m.cancel_at_period_end) {
        throw conflict("Only an active membership that is not cancelled can change its plan", "NOT_CHANGEABLE");
      }
      if (planId === m.plan_id) throw conflict("This is already the current plan", "SAME_PLAN");
      const [optionRow] = await plans.optionsOf(sql, m.doctor_id, planId);
      if (!optionRow || !toOption(optionRow).enabled) throw noSuchPlan();
      if (!planRenews(optionRow)) {
        throw conflict("A plan that does not renew is joined on its own, not changed to", "NOT_RENEWABLE");
      }
      await checkPlanLimits(m.patient_id, m.doctor_id, optionRow);
      const priceId = await priceFor(optionRow, toOption(optionRow).priceCents);
      const { scheduleId, startsAt } = await payments.schedulePriceChange(m.subscription_id, priceId);
      await repo.setPending(sql, m.id, { planId, startsAt: startsAt ?? m.current_period_end, scheduleId }, clock.now());
      await record(actor, m.patient_id, "subscription.change", { membershipId: m.id, planId, scheduleId });
      return toMembership((await repo.byId(sql, m.id))!);
    },

    /** Drops a pending change. */
    async cancelChange(actor: Actor, membershipId: string) {
      const m = await mine(actor, membershipId, "act");
      if (!m.pending_plan_id || !m.schedule_id) throw conflict("There is no pending plan change", "NO_PENDING_CHANGE");
      await payments.releaseSchedule(m.schedule_id);
      await repo.setPending(sql, m.id, { planId: null, startsAt: null, scheduleId: null }, clock.now());
      await record(actor, m.patient_id, "subscription.change.cancel", { membershipId: m.id });
      return toMembership((await repo.byId(sql, m.id))!);
    },

    cancel,

    /** `DELETE /doctors/subscription/{subscriptionId}/for/{patientId}`: the doctor ends a patient's membership now. */
    async cancelForPatient(actor: Actor, subscriptionId: string, patientId: string) {
      const m = await repo.bySubscription(sql, subscriptionId);
      if (!m || m.patient_id !== patientId) throw noSuchMembership();
      return await cancel(actor, membershipFor(actor, m, "act").id, "immediately");
    },

    async byId(actor: Actor, id: string) {
      return toMembership(await mine(actor, id, "see"));
    },
  };
  /** `DELETE`: immediately, at period end (no prorated refund, 02 §9), or undo a cancellation. */
  async function cancel(
    actor: Actor,
    membershipId: string,
    mode: "immediately" | "periodEnd" | "notCancel",
  ): Promise<Membership> {
    const m = await mine(actor, membershipId, "act");
    if (!["active", "trialing", "past_due"].includes(m.status)) {
      throw conflict("This membership has already ended", "NOT_CANCELLABLE");
    }
    if (mode === "notCancel" && !planRenews(m)) {
      throw conflict("This plan does not renew: it ends with its period", "NOT_RENEWABLE");
    }
    // Billing restarts only with the patient's consent: the practice resumes only a cancellation it made itself.
    if (mode === "notCancel" && m.cancel_at_period_end && m.cancelled_by_patient && actor.role !== "patient") {
      throw conflict("The patient cancelled this membership: only they can resume it", "CANCELLED_BY_PATIENT");
    }
    if (m.schedule_id && mode !== "notCancel") {
      // A pending change ends with the membership.
      await payments.releaseSchedule(m.schedule_id).catch(() => {});
      await repo.setPending(sql, m.id, { planId: null, startsAt: null, scheduleId: null }, clock.now());
    }
    const state = await payments.cancelSubscription(
      m.subscription_id,
      mode === "immediately" ? "now" : mode === "periodEnd" ? "periodEnd" : "resume",
    );
    await store(state);
    if (mode !== "immediately") {
      // The patient's cancellation stays theirs when the practice asks for the same end afterwards.
      const byPatient = mode === "periodEnd" && (actor.role === "patient" || (m.cancel_at_period_end && m.cancelled_by_patient));
      await sql`update memberships set cancelled_by_patient = ${byPatient} where id = ${m.id}`;
    }
    await record(actor, m.patient_id, "subscription.cancel", { membershipId: m.id, mode });
    return toMembership((await repo.byId(sql, m.id))!);
  }
}
export type MembershipsService = ReturnType<typeof createMembershipsService>;
export type { MembershipRow };
