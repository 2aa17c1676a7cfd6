/**
 * Buying a paid service (02 §7 `POST /paidServices/request/{id}`): the patient
 * chooses a doctor who offers it, answers its fields and intake form, maybe
 * types a promo code, and pays with a card. The charge is a destination charge:
 * the processor moves amount − fee to the doctor's payout account and keeps the
 * fee (the doctor's commission, ./../../../../sync/schemas/commerce.ts
 * `splitCommission`) for the platform — the processor's own mechanism, not
 * bookkeeping alone. The transaction row records gross, fee and net.
 *
 * Order (one database transaction): lock the doctor's offer, redeem the coupon
 * (counted exactly), charge, record. A refused card rolls the redemption back.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { AppError, badRequest, conflict } from "../../http/errors.ts";
import { CardError } from "../../platform/payments/payments.ts";
import { discountedCents, type ServicePurchase, type ServiceRequestInput, splitCommission } from "../../../../sync/schemas/commerce.ts";
import { acceptsBookings, createDoctorsRepo, isListed } from "../doctors/repo.ts";
import { doctorUnavailable, noSuchDoctor } from "../doctors/errors.ts";
import { createMembershipsRepo } from "../memberships/repo.ts";
import { createCustomers } from "../payments/customers.ts";
import { couponByCode, invalidCoupon, redeemCoupon } from "./coupons.ts";
import { noSuchService, type PaidServiceRow } from "./services.ts";

/** 02 §8 "service just turned off". */
export const serviceTurnedOff = () =>
  conflict("This service has just been turned off. Please choose another one.", "SERVICE_TURNED_OFF");
export const membersOnly = () => conflict("This service is only for the doctor's members.", "SERVICE_MEMBERS_ONLY");
export const nonMembersOnly = () => conflict("This service is only for patients without a membership.", "SERVICE_NON_MEMBERS_ONLY");

/** The doctor's commission (02 §5), 0 when the admin has not set one. */
export async function commissionOf(sql: Deps["sql"], doctorId: string): Promise<number> {
  const [row] = await sql<{ p: number | null }[]>`select commission_percent as p from users where id = ${doctorId}`;
  return row?.p ?? 0;
}

/**
 * A membership's split at the processor: the doctor's payout account receives
 * each invoice less `application_fee_percent` = their commission. An account
 * the processor does not know (test and legacy data) gets no split: the
 * platform keeps the payment, and the ledger records it so (fee = amount).
 */
export async function membershipSplit(deps: Pick<Deps, "sql" | "payments">, doctorId: string, accountId: string) {
  try {
    const account = await deps.payments.retrieveAccount(accountId);
    if (!account.chargesEnabled) return undefined;
  } catch {
    return undefined;
  }
  return { destinationAccountId: accountId, applicationFeePercent: await commissionOf(deps.sql, doctorId) };
}

export function createPurchases(deps: Pick<Deps, "sql" | "audit" | "payments">) {
  const { sql, audit, payments } = deps;
  const doctors = createDoctorsRepo(sql);
  const memberships = createMembershipsRepo(sql);
  const customers = createCustomers(deps);

  return {
    async buy(actor: Actor, serviceId: string, input: ServiceRequestInput): Promise<ServicePurchase> {
      const [service] = await sql<PaidServiceRow[]>`select * from paid_services where id = ${serviceId}`;
      if (!service) throw noSuchService();
      const doctor = await doctors.byId(sql, input.doctorId);
      if (!doctor || !isListed(doctor)) throw noSuchDoctor();
      if (!acceptsBookings(doctor)) throw doctorUnavailable();

      const member = await memberships.isMember(sql, actor.userId, doctor.id);
      const price = member ? service.subscriber_price_cents : service.non_subscriber_price_cents;
      const fields = typeof service.fields === "string" ? JSON.parse(service.fields) : service.fields;
      for (const f of fields as { key: string; required: boolean; label: string }[]) {
        if (f.required && !input.fields[f.key]?.trim()) throw badRequest(`${f.label} is required`, { reason: "VALIDATION", field: f.key });
      }
      const unknown = Object.keys(input.fields).find((k) => !(fields as { key: string }[]).some((f) => f.key === k));
      if (unknown) throw badRequest("Unknown field", { reason: "VALIDATION", field: unknown });

      const coupon = input.coupon ? await couponByCode(sql, input.coupon) : null;
      if (input.coupon && !coupon) throw invalidCoupon();

      const [me] = await sql<{ email: string; name: string }[]>`select email, first_name || ' ' || last_name as name from users where id = ${actor.userId}`;
      const customerId = await customers.ensure(actor.userId, me.email, me.name);
      if (!(await payments.listCards(customerId)).some((c) => c.id === input.card)) {
        throw new AppError(404, "No such payment method", { reason: "NOT_FOUND" });
      }
      const percent = await commissionOf(sql, doctor.id);
      const requestId = crypto.randomUUID();

      const result = await sql.begin(async (tx) => {
        // Re-read under lock: turned off meanwhile → refused (02 §4, §8).
        const [offer] = await tx<{ active: boolean; enabled: boolean | null }[]>`select s.is_active as active, d.enabled
          from paid_services s left join doctor_paid_services d on d.service_id = s.id and d.doctor_id = ${doctor.id}
          where s.id = ${serviceId} for share of s`;
        if (!offer?.active || !offer.enabled) throw serviceTurnedOff();
        if (price === null) throw member ? nonMembersOnly() : membersOnly();
        const redeemed = coupon ? await redeemCoupon(tx, { couponId: coupon.id, patientId: actor.userId, purpose: "service" }) : null;
        const amount = redeemed ? discountedCents(price, redeemed.percentage_discount) : price;
        const split = splitCommission(amount, percent);
        let charge;
        try {
          charge = await payments.chargeForDoctor({
            customerId,
            paymentMethodId: input.card,
            amountCents: amount,
            applicationFeeCents: split.feeCents,
            destinationAccountId: doctor.stripe_account!,
            description: service.name,
            metadata: { serviceRequestId: requestId, patientId: actor.userId, doctorId: doctor.id, serviceId },
            idempotencyKey: `service-request-${requestId}`,
          });
        } catch (e) {
          if (e instanceof CardError) throw new AppError(402, e.message, { reason: "CARD_ERROR", code: e.code, declineCode: e.declineCode });
          throw e;
        }
        const status = charge.status === "succeeded" ? "paid" : "pending";
        await tx`insert into service_requests (id, service_id, patient_id, doctor_id, field_answers, intake_answers, coupon_id,
            price_cents, amount_cents, status, intent_id)
          values (${requestId}, ${serviceId}, ${actor.userId}, ${doctor.id}, ${tx.json(input.fields)}, ${tx.json(input.intakeFormAnswer)},
            ${coupon?.id ?? null}, ${price}, ${amount}, ${status}, ${charge.intentId})`;
        await tx`insert into payment_transactions (patient_id, doctor_id, invoice_id, type, status, amount_cents, fee_cents, net_cents,
            service_request_id, coupon_id)
          values (${actor.userId}, ${doctor.id}, ${charge.intentId}, 'service', ${status === "paid" ? "succeeded" : "pending"}, ${amount},
            ${split.feeCents}, ${split.netCents}, ${requestId}, ${coupon?.id ?? null})`;
        return { charge, amount, split, status };
      });
      await audit.record({
        event: "payment.write", actorId: actor.userId, subjectId: actor.userId,
        details: { what: "service.purchase", serviceRequestId: requestId, amountCents: result.amount, feeCents: result.split.feeCents },
      });
      return {
        id: requestId,
        serviceId,
        doctorId: doctor.id,
        status: result.status as ServicePurchase["status"],
        priceCents: price!,
        amountCents: result.amount,
        feeCents: result.split.feeCents,
        netCents: result.split.netCents,
        intentId: result.status === "paid" ? null : result.charge.intentId,
        clientSecret: result.status === "paid" ? null : result.charge.clientSecret,
      };
    },
  };
}
export type Purchases = ReturnType<typeof createPurchases>;
