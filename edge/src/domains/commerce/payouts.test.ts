/**
 * Payout events from the Connect emulator: stored once, applied on the job
 * queue; the doctor's payout history shows paid, failed (with the bank's
 * reason) and canceled; a failed payout notifies the doctor once (site + email).
 */
import assert from "node:assert/strict";
import { commerceTest } from "../../test/commerce-fixtures.ts";
import { PAYMENT_EVENT_JOB } from "../memberships/jobs.ts";

const DAY = 86_400;

commerceTest("payout.* webhooks: history with statuses; a failed payout notifies the doctor once", async (t, ctx) => {
  const doctor = await ctx.createUser("doctor", { specialty: "Family practice" });
  const other = await ctx.createUser("doctor", { specialty: "Family practice" });
  const link = await ctx.call("GET", "/stripe/connect/provider/link", { token: doctor.token });
  const back = await ctx.onboard(link.body.result.url, "complete");
  await ctx.call("POST", "/stripe/connect/provider/finalize", { token: doctor.token, body: { csrfToken: new URL(back).searchParams.get("state") } });
  const [{ account }] = await ctx.sql<{ account: string }[]>`select stripe_account as account from users where id = ${doctor.id}`;
  // Money on the doctor's account at the processor (as a service charge would put there), available after 2 days.
  await fetch(`${ctx.emulator.url}/v1/transfers`, {
    method: "POST",
    headers: { authorization: "Bearer sk_test_x", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ amount: "9000", currency: "usd", destination: account }),
  }).then((r) => r.body?.cancel());
  await ctx.emulator.clock.advance(2 * DAY + 60);
  await ctx.settle();
  const payout = async (amountCents: number) => {
    const res = await ctx.call("POST", "/stripe/payouts", { token: doctor.token, body: { amountCents } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.result.id as string;
  };
  const history = async () => (await ctx.call("GET", "/stripe/balance/me", { token: doctor.token })).body.result;
  const stored = async (id: string) => (await ctx.sql<{ status: string; doctor_id: string }[]>`select status, doctor_id from payouts where payout_id = ${id}`)[0];
  const failedNotices = async () =>
    (await ctx.sql<{ n: number }[]>`select count(*)::int as n from site_notifications where user_id = ${doctor.id} and kind = 'payout.failed'`)[0].n;

  let paidId = "";
  await t.step("payout.created then payout.paid on the arrival date: stored, the history says paid", async () => {
    paidId = await payout(3000);
    await ctx.settle();
    assert.deepEqual({ ...(await stored(paidId)) }, { status: "pending", doctor_id: doctor.id });
    await ctx.emulator.clock.advance(2 * DAY + 60);
    await ctx.settle();
    assert.equal((await stored(paidId)).status, "paid");
    const h = await history();
    assert.deepEqual(h.payouts.map((p: { id: string; status: string }) => [p.id, p.status]), [[paidId, "paid"]]);
    assert.equal(await failedNotices(), 0);
  });

  let failedId = "";
  await t.step("payout.failed: the reason in the history, the money back, the doctor notified on the site and by email", async () => {
    ctx.emulator.failPayouts(account, "account_closed");
    failedId = await payout(2000);
    await ctx.emulator.clock.advance(2 * DAY + 60);
    await ctx.settle();
    assert.equal((await stored(failedId)).status, "failed");
    const h = await history();
    const failed = h.payouts.find((p: { id: string }) => p.id === failedId);
    assert.deepEqual([failed.status, failed.failureMessage], ["failed", "The bank account has been closed."]);
    assert.equal(h.availableCents, 9000 - 3000);
    assert.equal(await failedNotices(), 1);
    const list = (await ctx.call("GET", "/siteNotifications", { token: doctor.token })).body.result.list;
    assert.equal(list[0].kind, "payout.failed");
    assert.equal(list[0].payload.amountCents, 2000);
    const mail = await ctx.lastMessage(doctor.email);
    assert.equal(mail?.subject, "Your payout failed");
    assert.match(mail!.body, /\$20\.00.*The bank account has been closed\./s);
    const audit = await ctx.deps.audit.forSubject(doctor.id);
    assert.ok(audit.some((a) => a.details.what === "payout.status" && a.details.status === "failed"));
  });

  await t.step("an immediate payout error at the processor: 502 with the §8 message, nothing recorded, the balance untouched", async () => {
    ctx.emulator.failPayouts(account, null);
    const before = await history();
    const requests = async () => (await ctx.sql<{ n: number }[]>`select count(*)::int as n from payout_requests where doctor_id = ${doctor.id}`)[0].n;
    const n = await requests();
    ctx.emulator.failNext(/^\/v1\/payouts$/, { status: 400, type: "invalid_request_error", code: "payouts_not_allowed", message: "Payouts are not enabled on this account." });
    const res = await ctx.call("POST", "/stripe/payouts", { token: doctor.token, body: { amountCents: 500 } });
    assert.equal(res.status, 502);
    assert.equal(res.body.message, "There was an error with your payout. Please try again later.");
    assert.equal(res.body.details.reason, "PAYOUT_ERROR");
    assert.equal(await requests(), n);
    const after = await history();
    assert.deepEqual([after.availableCents, after.payouts.length], [before.availableCents, before.payouts.length]);
    // The processor's own refusal of an account whose payouts were turned off answers the same.
    ctx.emulator.setAccountEnabled(account, false);
    const off = await ctx.call("POST", "/stripe/payouts", { token: doctor.token, body: { amountCents: 500 } });
    assert.deepEqual([off.status, off.body.details?.reason], [502, "PAYOUT_ERROR"]);
    ctx.emulator.setAccountEnabled(account, true);
    await ctx.settle();
  });

  await t.step("each event is applied once: the same deliveries again change nothing, no second notice", async () => {
    const events = (await ctx.stripeGet("/v1/events?type=payout.failed")).data;
    assert.equal(events.length, 1);
    const [row] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from payment_events where type like 'payout.%' and account = ${account}`;
    assert.ok(row.n >= 5, `created, updated, paid, created, updated, failed: ${row.n}`);
    // An older event replayed (payout.created of the failed payout) does not move the status back.
    const created = (await ctx.sql<{ id: string }[]>`select id from payment_events where type = 'payout.created' and payload->>'id' = ${failedId}`)[0];
    await ctx.sql`update payment_events set processed_at = null where id = ${created.id}`;
    await ctx.deps.jobs.send(PAYMENT_EVENT_JOB, { eventId: created.id }, { singletonKey: `${created.id}-again` });
    await ctx.settle();
    assert.equal((await stored(failedId)).status, "failed");
    assert.equal(await failedNotices(), 1);
  });

  await t.step("payout.canceled at the processor shows as canceled; another doctor sees none of these", async () => {
    ctx.emulator.failPayouts(account, null);
    const id = await payout(1000);
    const res = await fetch(`${ctx.emulator.url}/v1/payouts/${id}/cancel`, {
      method: "POST", headers: { authorization: "Bearer sk_test_x", "stripe-account": account },
    });
    assert.equal(res.status, 200);
    await res.body?.cancel();
    await ctx.settle();
    assert.equal((await stored(id)).status, "canceled");
    assert.equal((await history()).payouts.find((p: { id: string }) => p.id === id).status, "canceled");
    assert.equal((await ctx.sql`select 1 from payouts where doctor_id = ${other.id}`).length, 0);
  });
});
