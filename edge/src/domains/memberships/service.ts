/**
 * Subscribing, changing and cancelling memberships (02 §4, §7). The product
 * asks the processor and stores what the processor answers — never what the
 * browser says; webhooks (./webhooks.ts) keep the stored state current.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { AppError, conflict, notFound } from "../../http/errors.ts";
import { DOCTOR_PATIENT_CAP } from "../../../../sync/constants.ts";
import type { Membership, SubscribeInput, SubscribeResult } from "../../../../sync/schemas/membership.ts";
import { CardError } from "../../platform/payments/payments.ts";
import { cardMessage } from "../../platform/payments/stripe-payments.ts";
import { type DoctorProfile, listedDoctor } from "../doctors/reads.ts";
import { requireLicensedFor } from "../doctors/errors.ts";
import type { SyncWriter } from "../sync/writer.ts";
import { offerOf, planById, type PlanOffer } from "../plans/reads.ts";
import { noSuchPlan } from "../plans/service.ts";
import { toMembership } from "./present.ts";
import { createMembershipsRepo, type MembershipRow } from "./repo.ts";
import { createMembershipChanges } from "./changes.ts";
import { createMembershipCore } from "./core.ts";
import { answerOnce } from "./answer-once.ts";
import { createCustomers } from "../payments/customers.ts";
import { createPurchases } from "../commerce/purchase.ts";
import { membershipSplit } from "../commerce/purchase-rules.ts";
import { cardRefused, refusedPayment } from "../payments/card-errors.ts";
import type { ServicePurchase } from "../../../../sync/schemas/commerce.ts";
import { bindRedemption, couponByCode, invalidCoupon, redeemCoupon, releaseRedemption } from "../commerce/coupons.ts";

export const cannotSubscribe = () =>
  conflict("Sorry, you cannot subscribe to the doctor. Please contact support service.", "DOCTOR_PAYOUT_INACTIVE");

export function createMembershipsService(
  deps: Pick<Deps, "sql" | "clock" | "audit" | "payments" | "log" | "jobs"> & { write: SyncWriter },
) {
  const { sql, clock, payments } = deps;
  const repo = createMembershipsRepo(sql);
  const customers = createCustomers(deps);
  const purchases = createPurchases(deps);

  const core = createMembershipCore(deps);
  const { store, priceFor, checkPlanLimits, undo, forget, record, mine } = core;

  async function doSubscribe(actor: Actor, input: SubscribeInput): Promise<SubscribeResult> {
    const doctor = await listedDoctor(sql, input.doctorId);
    const offer = await offerOf(sql, doctor.id, input.planId);
    if (!offer?.option.enabled) throw noSuchPlan();
    if (!doctor.bookable) throw cannotSubscribe();
    const [me] = await sql<{ doctor_id: string | null; email: string; name: string; state: string | null }[]>`
      select doctor_id, email, first_name || ' ' || last_name as name, state from users where id = ${actor.userId}`;
    requireLicensedFor(doctor, me.state);
    if (me.doctor_id !== doctor.id && doctor.panelSize >= DOCTOR_PATIENT_CAP) {
      throw conflict("This doctor's practice is full: they take no new patients", "PANEL_FULL");
    }
    // Two requests with different keys (two tabs, a double tap) would both pass the member check and both pay:
    // the pair is claimed first, and the check made under the claim.
    if (!(await repo.claimSetup(sql, actor.userId, doctor.id, clock.now()))) {
      throw conflict("Your membership with this doctor is already being set up", "SUBSCRIBE_IN_PROGRESS");
    }
    try {
      return await subscribeClaimed(actor, input, doctor, offer, me);
    } finally {
      await repo.releaseSetup(sql, actor.userId, doctor.id);
    }
  }

  async function subscribeClaimed(
    actor: Actor,
    input: SubscribeInput,
    doctor: DoctorProfile,
    { plan, option }: PlanOffer,
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
    await checkPlanLimits(actor.userId, me.doctor_id, option);
    // A promo code (02 §5): checked before anything is made, so a bad code changes nothing.
    const coupon = input.coupon ? await couponByCode(sql, input.coupon) : null;
    if (input.coupon && (!coupon?.processor_promotion_code_id || (coupon.redemption_limit !== null && coupon.applied_times >= coupon.redemption_limit))) {
      throw invalidCoupon();
    }

    const customerId = await customers.ensure(actor.userId, me.email, me.name);
    // The price existing members pay may still be the old one; a new member pays the current one.
    const amountCents = option.priceCents;
    const priceId = await priceFor(plan, amountCents);
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
        cancelAtPeriodEnd: !option.autoRenewable,
        metadata: { patientId: actor.userId, doctorId: doctor.id, planId: option.planId },
        idempotencyKey: `subscribe-${actor.userId}-${input.idempotencyKey}`,
        connect: await membershipSplit(deps, doctor.id, doctor.stripeAccount!), // issue 14: the commission split
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
      const optionPlan = (await planById(sql, option.planId))!;
      if (!optionPlan.autoRenewable) await store(await payments.cancelSubscription(subscription.id, "periodEnd"));
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

  const changes = createMembershipChanges(deps, core);

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
      return await answerOnce(sql, repo, { patientId: actor.userId, key: input.idempotencyKey, hash }, () => doSubscribe(actor, input));
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
        throw refusedPayment(intent.errorCode, intent.declineCode);
      }
      const stored = await store(await payments.retrieveSubscription(row.subscription_id));
      await record(actor, actor.userId, "subscription.confirm", { membershipId: row.id, intentId });
      return toMembership(stored!);
    },

    async listMine(actor: Actor): Promise<Membership[]> {
      return (await repo.ofPatient(sql, actor.userId)).map(toMembership);
    },
    async listOfDoctor(actor: Actor): Promise<Membership[]> {
      const doctorId = actor.role === "doctor" ? actor.userId : actor.doctorId;
      if (!doctorId) return [];
      return (await repo.ofDoctor(sql, doctorId)).map(toMembership);
    },

    ...changes,

    async byId(actor: Actor, id: string): Promise<Membership> {
      return toMembership(await mine(actor, id, "see"));
    },
  };
}
export type MembershipsService = ReturnType<typeof createMembershipsService>;
export type { MembershipRow };
