/**
 * A new price after 30 days' notice (02 §9, price-change.ts): existing
 * members are told (site notification + mail) and keep the old price for
 * renewals before the notice ends; new members pay the new price at once;
 * when the notice ends the job moves the members to the new price.
 */
import assert from "node:assert/strict";
import { PRICE_CHANGE_NOTICE_DAYS, PRICE_CHANGE_UNDO_MINUTES } from "../../../../sync/schemas/membership.ts";
import { idempotencyKey, type PaymentsContext, paymentsTest } from "../../test/payments-fixtures.ts";
import { PAYMENT_EVENT_JOB, PRICE_NOTICE_JOB } from "./jobs.ts";

async function member(ctx: PaymentsContext, doctorId: string, planId: string) {
  const patient = await ctx.createUser("patient");
  const res = await ctx.call("POST", "/payments/stripe/subscribe", {
    token: patient.token, body: { doctorId, planId, paymentMethodId: "pm_card_visa", idempotencyKey: idempotencyKey() },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { patient, membership: res.body.result.membership as { id: string; amountCents: number } };
}
/** A fresh access token (moving the edge's clock expires the old ones). */
const tokenOf = async (ctx: PaymentsContext, u: { email: string; password: string }) =>
  (await ctx.call("POST", "/users/login", { body: { email: u.email, password: u.password } })).body.result.accessToken as string;
const paid = async (ctx: PaymentsContext, u: { email: string; password: string }) =>
  ((await ctx.call("GET", "/payments/transactions", { token: await tokenOf(ctx, u) })).body.result.list as { amountCents: number; status: string }[])
    .filter((x) => x.status === "succeeded" && x.amountCents > 0).map((x) => x.amountCents).sort((a, b) => a - b);

/**
 * Moves the processor's and the edge's time and applies the processor's webhooks; the price job is
 * left waiting (its start is the queue's own wall time, so only `drain({ dueNow })` makes it due).
 */
async function advance(ctx: PaymentsContext, days: number) {
  ctx.clock.advance(days * 86400_000);
  await ctx.emulator.clock.advance(days * 86400);
  for (let i = 0; i < 5; i++) {
    const delivered = await ctx.emulator.deliverPendingWebhooks();
    const ran = await ctx.deps.jobs.drain({ dueNow: true, jobs: [PAYMENT_EVENT_JOB] });
    if (!delivered && !ran) break;
  }
}

paymentsTest("memberships: a price change waits out its 30-day notice", async (t, ctx) => {
  const { doctor, plans } = await ctx.doctorWithPlans();
  const monthly = plans["Primary care — monthly"];
  const existing = await member(ctx, doctor.id, monthly);
  await ctx.settle();
  const bystander = await ctx.doctorWithPlans(); // another doctor's members are not touched
  const theirs = await member(ctx, bystander.doctor.id, monthly);
  await ctx.settle();
  await advance(ctx, 20); // the first renewal is ~10 days away

  await t.step("unconfirmed, the change is refused with how many members will be told; nothing changes", async () => {
    const res = await ctx.call("PUT", `/membershipOptions/${monthly}`, { token: await tokenOf(ctx, doctor), body: { priceCents: 6900 } });
    assert.equal(res.status, 409);
    assert.deepEqual(
      [res.body.details.reason, res.body.details.members, res.body.details.oldCents, res.body.details.newCents],
      ["PRICE_CHANGE_NEEDS_CONFIRMATION", 1, 5900, 6900],
    );
    assert.equal(res.body.message, "1 member will be told of the new price. Confirm to save it.");
    const [row] = await ctx.sql<{ price_cents: number | null }[]>`select price_cents from membership_options
      where doctor_id = ${doctor.id} and plan_id = ${monthly}`;
    assert.equal(row?.price_cents ?? null, null);
  });

  await t.step("the doctor raises the price: the option shows the new price and when it reaches existing members", async () => {
    const res = await ctx.call("PUT", `/membershipOptions/${monthly}`, {
      token: await tokenOf(ctx, doctor), body: { priceCents: 6900, confirmNotice: true },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const o = res.body.result;
    assert.equal(o.priceCents, 6900);
    assert.equal(o.previousPriceCents, 5900);
    const days = (Date.parse(o.priceAppliesAt) - ctx.clock.now().getTime()) / 86400_000;
    assert.equal(Math.round(days), PRICE_CHANGE_NOTICE_DAYS);
    assert.equal((Date.parse(o.priceUndoUntil) - ctx.clock.now().getTime()) / 60_000, PRICE_CHANGE_UNDO_MINUTES);
    // Nobody is told during the undo window.
    assert.equal((await ctx.sql`select 1 from site_notifications where user_id = ${existing.patient.id} and kind = 'membership.priceChange'`).length, 0);
  });

  await t.step("existing members get a site notification and a mail; other doctors' members nothing", async () => {
    ctx.clock.advance(PRICE_CHANGE_UNDO_MINUTES * 60_000);
    await ctx.deps.jobs.drain({ dueNow: true, jobs: [PRICE_NOTICE_JOB] });
    const [n] = await ctx.sql<{ payload: { oldCents: number; newCents: number } }[]>`
      select payload from site_notifications where user_id = ${existing.patient.id} and kind = 'membership.priceChange'`;
    assert.ok(n, "no site notification");
    assert.deepEqual([n.payload.oldCents, n.payload.newCents], [5900, 6900]);
    const mail = await ctx.lastMessage(existing.patient.email);
    assert.equal(mail?.subject, "Your membership price is changing");
    assert.match(mail!.body, /\$59\.00 to\s+\$69\.00/);
    assert.equal((await ctx.sql`select 1 from site_notifications where user_id = ${theirs.patient.id} and kind = 'membership.priceChange'`).length, 0);
    assert.notEqual((await ctx.lastMessage(theirs.patient.email))?.subject, "Your membership price is changing");
  });

  await t.step("a new member pays the new price at once", async () => {
    const fresh = await member(ctx, doctor.id, monthly);
    assert.equal(fresh.membership.amountCents, 6900);
  });

  await t.step("a renewal inside the notice is charged the old price", async () => {
    await advance(ctx, 15);
    assert.deepEqual(await paid(ctx, existing.patient), [5900, 5900]);
    const [row] = await ctx.sql<{ amount_cents: number }[]>`select amount_cents from memberships where id = ${existing.membership.id}`;
    assert.equal(row.amount_cents, 5900);
  });

  await t.step("when the notice ends, the member moves to the new price; the next renewal is charged it", async () => {
    await advance(ctx, 16); // the notice ends (day 51), the second renewal (~day 61) is still ahead
    await ctx.deps.jobs.drain({ dueNow: true }); // the notice's job is due
    const [row] = await ctx.sql<{ amount_cents: number }[]>`select amount_cents from memberships where id = ${existing.membership.id}`;
    assert.equal(row.amount_cents, 6900);
    const settings = (await ctx.call("GET", "/membershipOptions/settings/me", { token: await tokenOf(ctx, doctor) })).body.result;
    assert.equal(settings.find((o: { planId: string }) => o.planId === monthly).previousPriceCents, null);
    ctx.clock.advance(14 * 86400_000);
    await ctx.advanceDays(14);
    assert.deepEqual(await paid(ctx, existing.patient), [5900, 5900, 6900]);
    // The other doctor's member still pays the plan's price.
    const [their] = await ctx.sql<{ amount_cents: number }[]>`select amount_cents from memberships where id = ${theirs.membership.id}`;
    assert.equal(their.amount_cents, 5900);
  });
});

paymentsTest("memberships: a price change undone within its window tells no one (issue 32)", async (t, ctx) => {
  const { doctor, plans } = await ctx.doctorWithPlans();
  const monthly = plans["Primary care — monthly"];
  const existing = await member(ctx, doctor.id, monthly);
  await ctx.settle();
  const save = async (priceCents: number) =>
    await ctx.call("PUT", `/membershipOptions/${monthly}`, { token: await tokenOf(ctx, doctor), body: { priceCents, confirmNotice: true } });
  const undo = async () => await ctx.call("POST", `/membershipOptions/${monthly}/price/undo`, { token: await tokenOf(ctx, doctor) });

  await t.step("undone: the old price is back, the settings show no pending change, and the notice job sends nothing", async () => {
    assert.equal((await save(7900)).status, 200);
    const settings = (await ctx.call("GET", "/membershipOptions/settings/me", { token: await tokenOf(ctx, doctor) })).body.result;
    assert.ok(settings.find((o: { planId: string }) => o.planId === monthly).priceUndoUntil, "the window shows after a reload");
    const res = await undo();
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.result.priceCents, res.body.result.previousPriceCents, res.body.result.priceUndoUntil], [5900, null, null]);
    ctx.clock.advance(PRICE_CHANGE_UNDO_MINUTES * 60_000);
    await ctx.deps.jobs.drain({ dueNow: true, jobs: [PRICE_NOTICE_JOB] });
    assert.equal((await ctx.sql`select 1 from site_notifications where user_id = ${existing.patient.id} and kind = 'membership.priceChange'`).length, 0);
    assert.notEqual((await ctx.lastMessage(existing.patient.email))?.subject, "Your membership price is changing");
    // A new member pays the old price again.
    assert.equal((await member(ctx, doctor.id, monthly)).membership.amountCents, 5900);
  });

  await t.step("after the window the members are told, and the undo is refused", async () => {
    assert.equal((await save(6400)).status, 200);
    ctx.clock.advance(PRICE_CHANGE_UNDO_MINUTES * 60_000 + 1000);
    const late = await undo();
    assert.deepEqual([late.status, late.body.details.reason], [409, "UNDO_EXPIRED"]);
    await ctx.deps.jobs.drain({ dueNow: true, jobs: [PRICE_NOTICE_JOB] });
    assert.equal((await ctx.sql`select 1 from site_notifications where user_id = ${existing.patient.id} and kind = 'membership.priceChange'`).length, 1);
  });

  await t.step("another doctor cannot undo it; a patient is refused", async () => {
    const other = await ctx.doctorWithPlans();
    const theirs = await ctx.call("POST", `/membershipOptions/${monthly}/price/undo`, { token: await tokenOf(ctx, other.doctor) });
    assert.deepEqual([theirs.status, theirs.body.details.reason], [409, "UNDO_EXPIRED"]);
    assert.equal((await ctx.call("POST", `/membershipOptions/${monthly}/price/undo`, { token: await tokenOf(ctx, existing.patient) })).status, 403);
  });
});
