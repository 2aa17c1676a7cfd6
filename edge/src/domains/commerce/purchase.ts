/**
 * Buying a paid service (02 §7 `POST /paidServices/request/{id}`): the patient chooses a doctor who offers it,
 * answers its fields and intake form, maybe types a promo code, and pays with a card. The charge is a destination
 * charge: the processor moves amount − fee to the doctor's payout account and keeps the fee (the doctor's
 * commission, ./../../../../sync/schemas/commerce.ts `splitCommission`) for the platform — the processor's own
 * mechanism, not bookkeeping alone. The transaction row records gross, fee and net.
 *
 * Order (one database transaction): lock the doctor's offer, redeem the coupon (counted exactly), charge, record. A
 * refused card rolls the redemption back.
 *
 * 3-D Secure: a card that needs it leaves the request `pending` (holding its redemption, not shown to the doctor, no
 * transaction); the patient completes the challenge and the PWA calls `POST /stripe/confirm/intent`, or the
 * processor's `payment_intent.*` event arrives first. Either way `settle` reads the intent from the processor:
 * succeeded → the purchase is recorded; failed or canceled → the request, its redemption and the intent are removed.
 * A challenge the patient abandons is expired by the sweep job (./pending-sweep.ts, `expirePending`): same
 * settlement, after canceling the intent still waiting.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import type { Queryable } from "../../db/connect.ts";
import { AppError, conflict, notFound } from "../../http/errors.ts";
import { CardError } from "../../platform/payments/payments.ts";
import { discountedCents, type ServicePurchase, type ServiceQuote, type ServiceRequestInput, splitCommission } from "../../../../sync/schemas/commerce.ts";
import { bookableDoctor, listedDoctor } from "../doctors/reads.ts";
import { requireLicensedFor } from "../doctors/errors.ts";
import { isMemberOf } from "../memberships/requirement.ts";
import { createCustomers } from "../payments/customers.ts";
import { couponByCode, invalidCoupon, redeemCoupon } from "./coupons.ts";
import { checkFields, checkFiles, checkIntake } from "./request-input.ts";
import { createServiceRequests } from "./service-requests.ts";
import { noSuchService, type PaidServiceRow } from "./services.ts";
import { additionalWindow, commissionOf, membersOnly, nonMembersOnly, type RequestRow, serviceTurnedOff } from "./purchase-rules.ts";
import { cardRefused, refusedPayment } from "../payments/card-errors.ts";


/** A purchase whose key another request stored meanwhile (rolled back, answered with that purchase). */
class Retried extends Error {}

export function createPurchases(deps: Pick<Deps, "sql" | "audit" | "payments" | "clock">) {
  const { sql, audit, payments } = deps;
  const customers = createCustomers(deps);

  const toPurchase = (r: RequestRow, clientSecret: string | null = null): ServicePurchase => ({
    id: r.id,
    serviceId: r.service_id,
    doctorId: r.doctor_id,
    status: r.status,
    priceCents: r.price_cents,
    amountCents: r.amount_cents,
    feeCents: r.fee_cents,
    netCents: r.net_cents,
    intentId: r.status === "pending" ? r.intent_id : null,
    clientSecret: r.status === "pending" ? clientSecret : null,
    actionUrl: r.status === "pending" && payments.emulatorUrl ? `${payments.emulatorUrl}/_emulator/3ds/${r.intent_id}` : null,
  });

  /** The purchase as a transaction (the charge succeeded): once, whoever gets here first. */
  async function record(q: Queryable, r: RequestRow) {
    const [paid] = await q<RequestRow[]>`update service_requests set status = 'paid' where id = ${r.id} and status = 'pending' returning *`;
    if (!paid) return null;
    await q`insert into payment_transactions (patient_id, doctor_id, invoice_id, type, status, amount_cents, fee_cents, net_cents,
        service_request_id, coupon_id)
      values (${r.patient_id}, ${r.doctor_id}, ${r.intent_id}, 'service', 'succeeded', ${r.amount_cents},
        ${r.fee_cents}, ${r.net_cents}, ${r.id}, ${r.coupon_id})
      on conflict (invoice_id) do nothing`;
    return paid;
  }

  /**
   * A charge that did not complete leaves nothing: the request, its redemption, the intent.
   * Only the caller whose delete removed the pending row gives the redemption back and audits.
   */
  async function discard(r: RequestRow, why: "failed" | "expired" = "failed") {
    const gone = await sql.begin(async (tx) => {
      const [row] = await tx<RequestRow[]>`delete from service_requests where id = ${r.id} and status = 'pending' returning *`;
      if (row?.coupon_id) {
        await tx`delete from coupon_redemptions where id = (select id from coupon_redemptions where coupon_id = ${row.coupon_id}
          and patient_id = ${row.patient_id} and purpose = 'service' order by created_at desc limit 1)`;
        await tx`update coupons set applied_times = greatest(applied_times - 1, 0) where id = ${row.coupon_id}`;
      }
      return row;
    });
    if (gone && r.intent_id) await payments.cancelIntent(r.intent_id).catch(() => {});
    if (gone) {
      await audit.record({
        event: "payment.write", actorId: null, subjectId: gone.patient_id,
        details: { what: "service.purchase.discarded", serviceRequestId: gone.id, couponId: gone.coupon_id, reason: why },
      });
    }
    return gone;
  }

  /**
   * Reads a pending charge's truth from the processor and acts on it:
   * succeeded → recorded; still waiting for the patient → left; anything else → discarded.
   */
  async function settle(
    r: RequestRow,
    why: "failed" | "expired" = "failed",
  ): Promise<{ row: RequestRow; outcome: "paid" | "waiting" | "failed"; intent: { errorCode: string | null; declineCode: string | null } | null }> {
    if (r.status !== "pending" || !r.intent_id) return { row: r, outcome: r.status === "failed" ? "failed" : "paid", intent: null };
    const intent = await payments.retrieveIntent(r.intent_id);
    if (intent.status === "succeeded" || intent.status === "processing") {
      const paid = await sql.begin((tx) => record(tx, r));
      if (paid) {
        await audit.record({
          event: "payment.write", actorId: null, subjectId: r.patient_id,
          details: { what: "service.purchase", serviceRequestId: r.id, amountCents: r.amount_cents, feeCents: r.fee_cents, after: "3ds" },
        });
      }
      const [now] = await sql<RequestRow[]>`select * from service_requests where id = ${r.id}`;
      return { row: now ?? r, outcome: "paid", intent };
    }
    if (["requires_action", "requires_confirmation"].includes(intent.status)) return { row: r, outcome: "waiting", intent };
    await discard(r, why);
    return { row: { ...r, status: "failed" }, outcome: "failed", intent };
  }

  /**
   * An abandoned 3-D Secure charge (pending longer than the limit, edge/docs/commerce.md):
   * the intent is read first — a challenge completed late is recorded as the purchase by
   * `settle`; one still waiting is canceled at the processor, then settled again from the
   * processor's answer (canceled → discarded; completed meanwhile → recorded, the cancel refused).
   */
  async function expire(r: RequestRow): Promise<"paid" | "failed" | "waiting"> {
    const first = await settle(r, "expired");
    if (first.outcome !== "waiting") return first.outcome;
    await payments.cancelIntent(r.intent_id!).catch(() => {});
    return (await settle(r, "expired")).outcome;
  }

  return {
    /** Seeing requests (./service-requests.ts): the patient's and the doctor's view, attached files. */
    requests: createServiceRequests(deps),

    async buy(actor: Actor, serviceId: string, input: ServiceRequestInput): Promise<ServicePurchase> {
      // A retry of a purchase already made (its answer was lost) answers that purchase, charging nothing again.
      const requestId = input.idempotencyKey ?? crypto.randomUUID();
      const made = async () => {
        const [prior] = await sql<RequestRow[]>`select * from service_requests where id = ${requestId}`;
        if (prior && (prior.patient_id !== actor.userId || prior.service_id !== serviceId)) {
          throw conflict("This request key was already used for another request", "IDEMPOTENCY_KEY_REUSED");
        }
        if (!prior) return null;
        // Still waiting for the bank's check: the answer carries the intent's client secret again, to complete it.
        const secret = prior.status === "pending" && prior.intent_id ? (await payments.retrieveIntent(prior.intent_id)).clientSecret : null;
        return toPurchase(prior, secret);
      };
      const prior = await made();
      if (prior) return prior;
      const [service] = await sql<PaidServiceRow[]>`select * from paid_services where id = ${serviceId}`;
      if (!service) throw noSuchService();
      const doctor = await bookableDoctor(sql, input.doctorId);
      const [{ state }] = await sql<{ state: string | null }[]>`select state from users where id = ${actor.userId}`;
      requireLicensedFor(doctor, state);

      const member = await isMemberOf(sql, actor.userId, doctor.id);
      const price = member ? service.subscriber_price_cents : service.non_subscriber_price_cents;
      const defined = typeof service.fields === "string" ? JSON.parse(service.fields) : service.fields;
      const fields = checkFields(defined, input.fields);
      const intake = await checkIntake(sql, { doctorId: doctor.id, wanted: service.intake_form, answers: input.intakeFormAnswer });
      const files = await checkFiles(sql, { patientId: actor.userId, allowed: service.attachable_files, ids: input.files });

      const coupon = input.coupon ? await couponByCode(sql, input.coupon) : null;
      if (input.coupon && !coupon) throw invalidCoupon();

      const [me] = await sql<{ email: string; name: string }[]>`select email, first_name || ' ' || last_name as name from users where id = ${actor.userId}`;
      const customerId = await customers.ensure(actor.userId, me.email, me.name);
      if (!(await payments.listCards(customerId)).some((c) => c.id === input.card)) {
        throw new AppError(404, "No such payment method", { reason: "NOT_FOUND" });
      }
      const percent = await commissionOf(sql, doctor.id);

      const result = await sql.begin(async (tx) => {
        // Re-read under lock: turned off meanwhile → refused (02 §4, §8).
        const [offer] = await tx<{ active: boolean; enabled: boolean | null }[]>`select s.is_active as active, d.enabled
          from paid_services s left join doctor_paid_services d on d.service_id = s.id and d.doctor_id = ${doctor.id}
          where s.id = ${serviceId} for share of s`;
        if (!offer?.active || !offer.enabled) throw serviceTurnedOff();
        if (price === null) throw member ? nonMembersOnly() : membersOnly();
        // An additional request within a first one's window, while places are left; otherwise a new first (02 §9).
        const window = await additionalWindow(tx, { service, patientId: actor.userId, doctorId: doctor.id, lock: true });
        const additional = window && window.used < window.max ? window : null;
        const base = additional ? Math.min(price, additional.priceCents) : price;
        const redeemed = coupon ? await redeemCoupon(tx, { couponId: coupon.id, patientId: actor.userId, purpose: "service" }) : null;
        const amount = redeemed ? discountedCents(base, redeemed.percentage_discount) : base;
        const split = splitCommission(amount, percent);
        let charge;
        try {
          charge = await payments.chargeForDoctor({
            customerId,
            paymentMethodId: input.card,
            amountCents: amount,
            applicationFeeCents: split.feeCents,
            destinationAccountId: doctor.stripeAccount!,
            description: service.name,
            metadata: { serviceRequestId: requestId, patientId: actor.userId, doctorId: doctor.id, serviceId },
            idempotencyKey: `service-request-${requestId}`,
          });
        } catch (e) {
          if (e instanceof CardError) throw cardRefused(e);
          throw e;
        }
        const waiting = ["requires_action", "requires_confirmation"].includes(charge.status);
        if (charge.status !== "succeeded" && !waiting) {
          throw refusedPayment("card_declined", null);
        }
        const [row] = await tx<RequestRow[]>`insert into service_requests (id, service_id, patient_id, doctor_id, field_answers,
            intake_answers, file_ids, coupon_id, price_cents, amount_cents, fee_cents, net_cents, status, intent_id, first_request_id)
          values (${requestId}, ${serviceId}, ${actor.userId}, ${doctor.id}, ${tx.json(fields)}, ${tx.json(intake)}, ${tx.json(files)},
            ${coupon?.id ?? null}, ${base}, ${amount}, ${split.feeCents}, ${split.netCents}, 'pending', ${charge.intentId},
            ${additional?.firstRequestId ?? null})
          on conflict (id) do nothing
          returning *`;
        // The same key sent twice at once: the processor made one charge (same idempotency key), the other request stored it.
        if (!row) throw new Retried();
        const recorded = waiting ? row : await record(tx, row);
        return { row: recorded!, charge };
      }).catch((e) => {
        if (!(e instanceof Retried)) throw e;
        return null;
      });
      if (!result) return (await made())!;
      await audit.record({
        event: "payment.write", actorId: actor.userId, subjectId: actor.userId,
        details: {
          what: result.row.status === "paid" ? "service.purchase" : "service.purchase.pending",
          serviceRequestId: requestId, amountCents: result.row.amount_cents, feeCents: result.row.fee_cents, files: files.length,
        },
      });
      return toPurchase(result.row, result.charge.clientSecret);
    },

    /**
     * `GET /paidServices/quote/{id}?doctorId=`: what the patient would pay now before a promo code — the usual
     * price for them (member or not), or the additional price within a first request's window (02 §9).
     */
    async quote(actor: Actor, serviceId: string, doctorId: string): Promise<ServiceQuote> {
      const [service] = await sql<PaidServiceRow[]>`select * from paid_services where id = ${serviceId}`;
      if (!service) throw noSuchService();
      const doctor = await listedDoctor(sql, doctorId);
      const member = await isMemberOf(sql, actor.userId, doctor.id);
      const price = member ? service.subscriber_price_cents : service.non_subscriber_price_cents;
      if (price === null) throw member ? nonMembersOnly() : membersOnly();
      const window = await additionalWindow(sql, { service, patientId: actor.userId, doctorId: doctor.id });
      const open = window && window.used < window.max ? window : null;
      return {
        priceCents: open ? Math.min(price, open.priceCents) : price,
        regularPriceCents: price,
        additional: window ? { used: window.used, max: window.max, endsAt: window.endsAt.toISOString() } : null,
      };
    },

    /** `POST /stripe/confirm/intent` for a service charge: after the patient's 3-D Secure step. */
    async confirm(actor: Actor, intentId: string): Promise<ServicePurchase> {
      const [row] = await sql<RequestRow[]>`select * from service_requests where intent_id = ${intentId} and patient_id = ${actor.userId}`;
      if (!row) throw notFound("No such payment");
      const { row: now, outcome, intent } = await settle(row);
      if (outcome === "waiting") throw new AppError(402, "payment-action-required", { reason: "PAYMENT_ACTION_REQUIRED", intentId });
      if (outcome === "failed") {
        throw refusedPayment(intent?.errorCode, intent?.declineCode);
      }
      return toPurchase(now);
    },

    /** Whether an intent is a service charge's (the confirm call serves memberships and services). */
    async ownsIntent(intentId: string) {
      return (await sql`select 1 from service_requests where intent_id = ${intentId}`).length > 0;
    },

    /**
     * The sweep of abandoned 3-D Secure charges (./pending-sweep.ts): every request still
     * pending that was created before `before` is expired (recorded if paid meanwhile).
     */
    async expirePending(before: Date): Promise<{ paid: number; discarded: number; waiting: number }> {
      const rows = await sql<RequestRow[]>`select * from service_requests where status = 'pending' and created_at < ${before}
        order by created_at limit 500`;
      const counts = { paid: 0, discarded: 0, waiting: 0 };
      for (const r of rows) {
        const outcome = await expire(r);
        if (outcome === "paid") counts.paid++;
        else if (outcome === "failed") counts.discarded++;
        else counts.waiting++;
      }
      return counts;
    },

    /** The processor's `payment_intent.*` events: the same settlement as the confirm call. */
    async settleIntent(intentId: string) {
      const [row] = await sql<RequestRow[]>`select * from service_requests where intent_id = ${intentId} and status = 'pending'`;
      if (row) await settle(row);
    },
  };
}
export type Purchases = ReturnType<typeof createPurchases>;
