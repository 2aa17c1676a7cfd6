/**
 * Demo commerce of issue 14 (02 §9): the imaging referral ($59 for patients
 * without a membership, $30 for members; $30 for each of up to 3 additional
 * referrals within 30 days of a first one; refunds within 30 days) on the homepage and enabled by the demo doctor; the demo
 * doctor's commission (15 %); a promo code SPRING20 (20 %, once, 100 uses); and,
 * on the emulator, the demo doctor's payout account made and onboarded at the
 * processor so purchases and payouts work out of the box. Idempotent.
 */
import type { Deps } from "../deps.ts";
import { IMAGING_REFERRAL_FEES } from "../../../sync/rules/imaging-referral.ts";

export const DEMO_SERVICE = {
  name: "Imaging referral",
  description: "A referral for an imaging test. Allow 2 business days; complete the test within 30 days or ask for a refund.",
  // The policy pages' rule (sync/rules/imaging-referral.ts), so what the checkout charges is what they say.
  subscriber_price_cents: IMAGING_REFERRAL_FEES.memberCents,
  non_subscriber_price_cents: IMAGING_REFERRAL_FEES.firstCents,
  additional_price_cents: IMAGING_REFERRAL_FEES.additionalCents,
  additional_max: IMAGING_REFERRAL_FEES.maxAdditional,
  additional_within_days: IMAGING_REFERRAL_FEES.withinDays,
  refund_window_days: IMAGING_REFERRAL_FEES.refundWindowDays,
  fields: [
    { key: "bodyPart", label: "Body part to image", kind: "input", placeholder: "e.g. left knee", required: true },
    { key: "reason", label: "Why do you need it?", kind: "textarea", placeholder: "Symptoms, since when", required: false },
  ],
};

export async function seedCommerce(deps: Pick<Deps, "sql" | "log"> & Partial<Pick<Deps, "payments">>, doctorEmail: string) {
  const { sql, log } = deps;
  const [doctor] = await sql<{ id: string; email: string; stripe_account: string | null }[]>`
    select id, email, stripe_account from users where email = ${doctorEmail}`;
  if (!doctor) return;
  await sql`insert into paid_services (name, description, subscriber_price_cents, non_subscriber_price_cents, fields, intake_form, is_homepage)
    select ${DEMO_SERVICE.name}, ${DEMO_SERVICE.description}, ${DEMO_SERVICE.subscriber_price_cents}, ${DEMO_SERVICE.non_subscriber_price_cents},
      ${sql.json(DEMO_SERVICE.fields)}, true, true
    where not exists (select 1 from paid_services where name = ${DEMO_SERVICE.name})`;
  // 02 §9 options, also on a demo database seeded before they existed (migration 0086).
  await sql`update paid_services set additional_price_cents = ${DEMO_SERVICE.additional_price_cents}, additional_max = ${DEMO_SERVICE.additional_max},
      additional_within_days = ${DEMO_SERVICE.additional_within_days}, refund_window_days = ${DEMO_SERVICE.refund_window_days}
    where name = ${DEMO_SERVICE.name} and additional_price_cents is null and refund_window_days is null`;
  await sql`insert into doctor_paid_services (doctor_id, service_id, enabled)
    select ${doctor.id}, id, true from paid_services where name = ${DEMO_SERVICE.name} on conflict do nothing`;
  await sql`update users set commission_percent = 15 where id = ${doctor.id} and commission_percent is null`;

  const payments = deps.payments;
  if (!payments?.emulatorUrl) return; // Stripe itself: the doctor connects through the real onboarding.
  try {
    const known = doctor.stripe_account ? await payments.retrieveAccount(doctor.stripe_account).then(() => true, () => false) : false;
    if (!known) {
      const accountId = await payments.createConnectedAccount({ userId: doctor.id, email: doctor.email });
      const url = await payments.createAccountLink({ accountId, returnUrl: `${payments.emulatorUrl}/`, refreshUrl: `${payments.emulatorUrl}/` });
      // The emulator's onboarding page, answered as the doctor would ("Complete onboarding").
      const res = await fetch(url, { method: "POST", body: new URLSearchParams({ result: "complete" }), redirect: "manual" });
      await res.body?.cancel();
      const account = await payments.retrieveAccount(accountId);
      await sql`update users set stripe_account = ${accountId}, is_active_stripe_account = ${account.chargesEnabled && account.payoutsEnabled}
        where id = ${doctor.id}`;
      log.info("demo payout account seeded", { doctor: doctorEmail, accountId });
    }
    const [coupon] = await sql<{ id: string }[]>`select id from coupons where lower(name) = 'spring20' and deleted_at is null`;
    if (!coupon) {
      const [row] = await sql<{ id: string }[]>`insert into coupons (name, percentage_discount, duration, redemption_limit)
        values ('SPRING20', 20, 'once', 100) returning id`;
      // The limit is counted here, not at the processor (edge/docs/commerce.md "Promo codes on memberships").
      const m = await payments.createPromotionCode({ key: row.id, code: "SPRING20", percentOff: 20, duration: "once", maxRedemptions: null });
      await sql`update coupons set processor_coupon_id = ${m.couponId}, processor_promotion_code_id = ${m.promotionCodeId} where id = ${row.id}`;
    }
  } catch (e) {
    log.warn("demo payout account / promo code not seeded", { error: e instanceof Error ? e.message : String(e) });
  }
}
