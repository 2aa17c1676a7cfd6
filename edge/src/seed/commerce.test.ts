/** The demo's commerce seed on the emulator: service, commission, promo code, the demo doctor's onboarded payout account. */
import assert from "node:assert/strict";
import { commerceTest } from "../test/commerce-fixtures.ts";
import { DEMO_ACCOUNTS, seedDemo } from "./demo.ts";

commerceTest("demo commerce seed: payout account onboarded at the emulator, imaging referral, SPRING20; idempotent", async (_t, ctx) => {
  await seedDemo(ctx.deps);
  await seedDemo(ctx.deps);
  const [doctor] = await ctx.sql`select id, stripe_account, is_active_stripe_account, commission_percent from users where email = ${DEMO_ACCOUNTS.doctor}`;
  assert.equal(doctor.is_active_stripe_account, true);
  assert.equal(doctor.commission_percent, 15);
  const account = await ctx.stripeGet(`/v1/accounts/${doctor.stripe_account}`);
  assert.deepEqual([account.charges_enabled, account.payouts_enabled], [true, true]);
  assert.equal((await ctx.stripeGet("/v1/accounts")).data.length, 1);
  const services = await ctx.sql`select s.name, s.non_subscriber_price_cents, d.enabled from paid_services s
    join doctor_paid_services d on d.service_id = s.id and d.doctor_id = ${doctor.id}`;
  assert.deepEqual(services.map((s) => [s.name, s.non_subscriber_price_cents, s.enabled]), [["Imaging referral", 5900, true]]);
  const promos = (await ctx.stripeGet("/v1/promotion_codes")).data;
  assert.deepEqual(promos.map((p: { code: string }) => p.code), ["SPRING20"]);
});
