/** account.updated in any order: the account's creation event (still disabled) applied after onboarding changes nothing. */
import assert from "node:assert/strict";
import { commerceTest } from "../../test/commerce-fixtures.ts";
import { PAYMENT_EVENT_JOB } from "../memberships/jobs.ts";

commerceTest("account.updated applied out of order keeps the account as the processor has it", async (_t, ctx) => {
  const doctor = await ctx.createUser("doctor", { specialty: "Family practice" });
  const link = await ctx.call("GET", "/stripe/connect/provider/link", { token: doctor.token });
  const back = await ctx.onboard(link.body.result.url, "complete");
  await ctx.call("POST", "/stripe/connect/provider/finalize", { token: doctor.token, body: { csrfToken: new URL(back).searchParams.get("state") } });
  await ctx.settle();
  const active = async () => (await ctx.sql<{ a: boolean }[]>`select is_active_stripe_account as a from users where id = ${doctor.id}`)[0].a;
  assert.equal(await active(), true);
  // The creation event (charges and payouts still off) runs again, after the onboarding's.
  const [first] = await ctx.sql<{ id: string; payload: { charges_enabled: boolean } }[]>`select id, payload from payment_events
    where type = 'account.updated' order by created, received_at limit 1`;
  assert.equal(first.payload.charges_enabled, false);
  await ctx.sql`update payment_events set processed_at = null where id = ${first.id}`;
  await ctx.deps.jobs.send(PAYMENT_EVENT_JOB, { eventId: first.id }, { singletonKey: `${first.id}-late` });
  await ctx.settle();
  assert.equal((await ctx.sql`select 1 from payment_events where id = ${first.id} and processed_at is not null`).length, 1);
  assert.equal(await active(), true);
});
