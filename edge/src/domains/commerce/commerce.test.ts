/**
 * Commerce end to end through the real stripe SDK and the Stripe-API emulator:
 * a doctor's payout account (onboarding, finalize with its CSRF token,
 * account.updated), buying a service with a promo code as a destination charge
 * whose application fee is the commission, refusals, the doctor's balance and
 * payout, the admin's partial refund, who sees which transactions, and the
 * ledger balancing to the cent.
 */
import assert from "node:assert/strict";
import { commerceTest } from "../../test/commerce-fixtures.ts";

const DAY = 86_400;

commerceTest("payout account, service purchase with a promo code, balance, payout, refund, ledger", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const doctor = await ctx.createUser("doctor", { specialty: "Family practice", commission_percent: 15 });
  const otherDoctor = await ctx.createUser("doctor", { specialty: "Family practice" });
  const patient = await ctx.createUser("patient", { doctor_id: doctor.id });
  const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
  const outsider = await ctx.createUser("patient");
  const flag = async (id: string) =>
    (await ctx.sql<{ a: boolean; s: string | null }[]>`select is_active_stripe_account as a, stripe_account as s from users where id = ${id}`)[0];

  await t.step("no account yet: the dashboard link answers 'You have no Stripe account.'", async () => {
    const res = await ctx.call("GET", "/stripe/account/me/link", { token: doctor.token });
    assert.equal(res.status, 404);
    assert.equal(res.body.message, "You have no Stripe account.");
    assert.equal((await ctx.call("GET", "/stripe/connect/provider/link", { token: patient.token })).status, 403);
  });

  let accountId = "";
  await t.step("onboarding left incomplete: finalize says inactive; the token is single-use and the doctor's own", async () => {
    const link = await ctx.call("GET", "/stripe/connect/provider/link", { token: doctor.token });
    assert.equal(link.status, 200);
    accountId = (await flag(doctor.id)).s!;
    assert.match(accountId, /^acct_/);
    const back = await ctx.onboard(link.body.result.url, "incomplete");
    assert.equal(back, `http://app.test/stripe/connected?state=${link.body.result.csrfToken}`);
    const csrfToken = new URL(back).searchParams.get("state")!;
    assert.equal((await ctx.call("POST", "/stripe/connect/provider/finalize", { token: otherDoctor.token, body: { csrfToken } })).status, 400);
    const fin = await ctx.call("POST", "/stripe/connect/provider/finalize", { token: doctor.token, body: { csrfToken } });
    assert.equal(fin.status, 200);
    assert.deepEqual(fin.body.result, { active: false, detailsSubmitted: false, accountId });
    const again = await ctx.call("POST", "/stripe/connect/provider/finalize", { token: doctor.token, body: { csrfToken } });
    assert.equal(again.status, 400);
    assert.equal(again.body.message, "There was an error connecting your stripe account!");
    assert.equal((await ctx.call("POST", "/stripe/connect/provider/finalize", { token: doctor.token, body: { csrfToken: "x" } })).status, 400);
    assert.equal((await flag(doctor.id)).a, false);
  });

  await t.step("onboarding completed: active; the same account kept; dashboard link", async () => {
    const link = await ctx.call("GET", "/stripe/connect/provider/link", { token: doctor.token });
    const back = await ctx.onboard(link.body.result.url, "complete");
    const fin = await ctx.call("POST", "/stripe/connect/provider/finalize", { token: doctor.token, body: { csrfToken: new URL(back).searchParams.get("state") } });
    assert.deepEqual(fin.body.result, { active: true, detailsSubmitted: true, accountId });
    assert.deepEqual(await flag(doctor.id), { a: true, s: accountId });
    assert.deepEqual((await ctx.call("GET", "/stripe/account/me", { token: doctor.token })).body.result, { connected: true, active: true });
    const dash = await ctx.call("GET", "/stripe/account/me/link", { token: doctor.token });
    assert.equal(dash.status, 200);
    assert.match(dash.body.result.url, /^http/);
  });

  await t.step("account.updated: payouts or charges turned off at the processor → inactive; back on → active", async () => {
    ctx.emulator.setAccountEnabled(accountId, false);
    await ctx.settle();
    assert.equal((await flag(doctor.id)).a, false);
    ctx.emulator.setAccountEnabled(accountId, true);
    await ctx.settle();
    assert.equal((await flag(doctor.id)).a, true);
  });

  // The catalogue: an imaging referral ($59 non-members, $30 members), enabled by the doctor; a promo code 20 %.
  const service = (await ctx.call("POST", "/paidServices", {
    token: admin.token,
    body: {
      name: "Imaging referral", subscriberPriceCents: 3000, nonSubscriberPriceCents: 5900, attachableFiles: false, intakeForm: true,
      fields: [{ key: "bodyPart", label: "Body part", kind: "input", placeholder: "e.g. left knee", required: true }],
    },
  })).body.result;
  await ctx.call("PUT", `/paidServices/${service.id}/enable/for/me`, { token: doctor.token });
  const coupon = (await ctx.call("POST", "/coupons", { token: admin.token, body: { name: "SAVE20", percentageDiscount: 20, duration: "once", redemptionLimit: 2 } })).body.result;
  const card = (await ctx.call("POST", "/stripe/account/paymentMethods", { token: patient.token, body: { paymentMethodId: "pm_card_visa" } }));
  assert.equal(card.status, 201, JSON.stringify(card.body));
  const cardId = card.body.result.id;
  const buy = (body: Record<string, unknown>, token = patient.token, id = service.id) =>
    ctx.call("POST", `/paidServices/request/${id}`, { token, body: { doctorId: doctor.id, card: cardId, fields: { bodyPart: "left knee" }, ...body } });
  const applied = async () => (await ctx.sql<{ n: number }[]>`select applied_times as n from coupons where id = ${coupon.id}`)[0].n;

  await t.step("refusals change nothing: bad input, unknown coupon, required field, declined card, turned off", async () => {
    assert.equal((await buy({ coupon: "NOPE" })).body.message, "Invalid coupon");
    assert.equal((await buy({ fields: {} })).status, 400);
    assert.equal((await buy({ fields: { bodyPart: "x", other: "y" } })).status, 400);
    assert.equal((await buy({ card: "not-a-card" })).status, 400);
    assert.equal((await buy({}, patient.token, crypto.randomUUID())).body.message, "No such service!");
    assert.equal((await buy({ doctorId: crypto.randomUUID() })).body.message, "No such doctor");
    assert.equal((await buy({}, doctor.token)).status, 403);
    // Someone else's card.
    assert.equal((await buy({ card: "pm_card_mastercard" })).status, 404);
    // 0341 attaches and fails when charged.
    const declined = await ctx.call("POST", "/stripe/account/paymentMethods", { token: patient.token, body: { paymentMethodId: "pm_card_chargeCustomerFail" } });
    assert.equal(declined.status, 201);
    const res = await buy({ card: declined.body.result.id, coupon: "SAVE20" });
    assert.equal(res.status, 402);
    assert.equal(res.body.message, "Your card was declined.");
    assert.equal(await applied(), 0, "the declined charge gave the redemption back");
    await ctx.call("PUT", `/paidServices/${service.id}/disable/for/me`, { token: doctor.token });
    const off = await buy({ coupon: "SAVE20" });
    assert.equal(off.status, 409);
    assert.equal(off.body.message, "This service has just been turned off. Please choose another one.");
    await ctx.call("PUT", `/paidServices/${service.id}/enable/for/me`, { token: doctor.token });
    await ctx.call("PUT", `/paidServices/deactivate/${service.id}`, { token: admin.token });
    assert.equal((await buy({})).status, 409);
    await ctx.call("PUT", `/paidServices/activate/${service.id}`, { token: admin.token });
    assert.equal(await applied(), 0);
    const [{ n }] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from payment_transactions`;
    assert.equal(n, 0);
  });

  let txId = "";
  await t.step("bought with SAVE20: $59.00 − 20 % = $47.20; fee 15 % = $7.08 as the application fee; doctor $40.12", async () => {
    const res = await buy({ coupon: "save20" });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual({ ...res.body.result, id: undefined }, {
      id: undefined, serviceId: service.id, doctorId: doctor.id, status: "paid", priceCents: 5900, amountCents: 4720,
      feeCents: 708, netCents: 4012, intentId: null, clientSecret: null, actionUrl: null,
    });
    assert.equal(await applied(), 1);
    const [tx] = await ctx.sql`select * from payment_transactions where service_request_id = ${res.body.result.id}`;
    txId = tx.id;
    const pi = await ctx.stripeGet(`/v1/payment_intents/${tx.invoice_id}`);
    assert.equal(pi.amount, 4720);
    assert.equal(pi.application_fee_amount, 708);
    assert.equal(pi.transfer_data.destination, accountId);
  });

  await t.step("the doctor's balance: $40.12 pending, available after 2 days; payout rules", async () => {
    const b = (await ctx.call("GET", "/stripe/balance/me", { token: doctor.token })).body.result;
    assert.deepEqual([b.availableCents, b.pendingCents, b.payouts], [0, 4012, []]);
    const over = await ctx.call("POST", "/stripe/payouts", { token: doctor.token, body: { amountCents: 100 } });
    assert.equal(over.status, 400);
    assert.equal(over.body.message, "The amount exceeds your available balance.");
    await ctx.emulator.clock.advance(2 * DAY + 60);
    const later = (await ctx.call("GET", "/stripe/balance/me", { token: doctor.token })).body.result;
    assert.deepEqual([later.availableCents, later.pendingCents], [4012, 0]);
    assert.equal((await ctx.call("POST", "/stripe/payouts", { token: doctor.token, body: { amountCents: 4013 } })).status, 400);
    assert.equal((await ctx.call("POST", "/stripe/payouts", { token: doctor.token, body: { amountCents: 10.5 } })).status, 400);
    const p = await ctx.call("POST", "/stripe/payouts", { token: doctor.token, body: { amountCents: 1000 } });
    assert.equal(p.status, 201);
    const after = (await ctx.call("GET", "/stripe/balance/me", { token: doctor.token })).body.result;
    assert.equal(after.availableCents, 3012);
    assert.deepEqual(after.payouts.map((x: { amountCents: number }) => x.amountCents), [1000]);
    assert.equal((await ctx.call("GET", "/stripe/balance/me", { token: otherDoctor.token })).body.message, "You have no Stripe account.");
  });

  await t.step("who sees the transaction: the doctor, their VMA, the admin; not another doctor, not a patient", async () => {
    const ids = async (token: string) => (await ctx.call("GET", "/transactions", { token })).body.result?.list?.map((x: { id: string }) => x.id);
    assert.deepEqual(await ids(doctor.token), [txId]);
    assert.deepEqual(await ids(vma.token), [txId]);
    assert.deepEqual(await ids(admin.token), [txId]);
    assert.deepEqual(await ids(otherDoctor.token), []);
    assert.equal((await ctx.call("GET", "/transactions", { token: patient.token })).status, 403);
    assert.equal((await ctx.call("GET", "/transactions", { token: outsider.token })).status, 403);
    const row = (await ctx.call("GET", "/transactions", { token: doctor.token })).body.result.list[0];
    assert.deepEqual([row.amountCents, row.feeCents, row.netCents, row.type, row.status, row.description], [4720, 708, 4012, "service", "succeeded", "Imaging referral"]);
    // Filters.
    const n = async (q: string) => (await ctx.call("GET", `/transactions?${q}`, { token: admin.token })).body.result.totalCount;
    assert.equal(await n(`doctorId=${doctor.id}`), 1);
    assert.equal(await n(`doctorId=${otherDoctor.id}`), 0);
    assert.equal(await n(`patientId=${patient.id}&type=service&status=succeeded`), 1);
    assert.equal(await n("type=membership"), 0);
    assert.equal(await n("from=2000-01-01&to=2999-12-31"), 1);
    assert.equal(await n("to=2000-01-01"), 0);
    // Dates PostgreSQL's date refuses (a day that does not exist, the year 0) are the client's error, not a 500.
    for (const bad of ["status=lost", "from=yesterday", "doctorId=x", "limit=0", "from=2024-02-30", "to=0000-01-01"]) {
      assert.equal((await ctx.call("GET", `/transactions?${bad}`, { token: admin.token })).status, 400, bad);
      assert.equal((await ctx.call("GET", `/transactions/csv?${bad}`, { token: admin.token })).status, 400, `csv ${bad}`);
    }
    const csv = await ctx.call("GET", "/transactions/csv", { token: admin.token });
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get("content-type")!, /text\/csv/);
    const lines = (csv.body as string).trim().split("\r\n");
    assert.equal(lines[0].replace(/^\uFEFF/, ""), "date,type,status,patient,doctor,description,amount,platform_fee,doctor_net,refunded");
    assert.match(lines[1], /,service,succeeded,.*,Imaging referral,47\.20,7\.08,40\.12,0\.00$/);
  });

  await t.step("the admin's refund: reason required, within what was paid; fee and transfer reversed in proportion", async () => {
    assert.equal((await ctx.call("POST", `/transactions/${txId}/refund`, { token: doctor.token, body: { amountCents: 100, reason: "x" } })).status, 403);
    assert.equal((await ctx.call("POST", `/transactions/${txId}/refund`, { token: admin.token, body: { amountCents: 100 } })).status, 400);
    assert.equal((await ctx.call("POST", `/transactions/${txId}/refund`, { token: admin.token, body: { amountCents: 100, reason: " " } })).status, 400);
    const tooMuch = await ctx.call("POST", `/transactions/${txId}/refund`, { token: admin.token, body: { amountCents: 4721, reason: "Imaging not done" } });
    assert.equal(tooMuch.status, 400);
    assert.equal(tooMuch.body.message, "The amount exceeds the transaction amount.");
    assert.equal((await ctx.call("POST", `/transactions/${crypto.randomUUID()}/refund`, { token: admin.token, body: { amountCents: 1, reason: "x" } })).status, 404);
    const res = await ctx.call("POST", `/transactions/${txId}/refund`, { token: admin.token, body: { amountCents: 1999, reason: "Partly done" } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    // 1999 / 4720 of the fee 708 = 299.87 → 300; of the doctor's 4012 = 1699.13 → 1699.
    assert.deepEqual([res.body.result.refundedCents, res.body.result.feeRefundedCents, res.body.result.netReversedCents, res.body.result.status],
      [1999, 300, 1699, "succeeded"]);
    const again = await ctx.call("POST", `/transactions/${txId}/refund`, { token: admin.token, body: { amountCents: 2722, reason: "Rest" } });
    assert.equal(again.status, 400, "only 2721 is left");
    const [audit] = await ctx.sql`select details from audit_log where details->>'what' = 'refund'`;
    assert.equal(audit.details.reason, "Partly done");
  });

  await t.step("the patient is told of the refund once (site and mail) and their history shows it (issue 32)", async () => {
    await ctx.settle();
    await ctx.settle();
    const told = await ctx.sql<{ payload: Record<string, number> }[]>`select payload from site_notifications
      where user_id = ${patient.id} and kind = 'payment.refunded'`;
    assert.equal(told.length, 1);
    assert.deepEqual([told[0].payload.amountCents, told[0].payload.paidCents], [1999, 4720]);
    const mails = await ctx.sql<{ subject: string; body: string }[]>`select subject, body from outbox
      where lower(recipient) = lower(${patient.email}) and subject like 'A refund%'`;
    assert.equal(mails.length, 1, "one mail, however often the jobs run");
    assert.equal(mails[0].subject, "A refund of $19.99 is on its way");
    assert.match(mails[0].body, /We refunded \$19\.99 of your \$47\.20 payment\. Reason: Partly done/);
    const history = (await ctx.call("GET", "/payments/transactions", { token: patient.token })).body.result.list;
    const row = history.find((h: { id: string }) => h.id === txId);
    assert.deepEqual([row.status, row.amountCents, row.refundedCents], ["succeeded", 4720, 1999]);
    assert.match(row.description, /^Imaging referral with Dr\. /);
  });

  await t.step("a membership: the invoice goes to the doctor's account less application_fee_percent = commission", async () => {
    const [plan] = await ctx.sql<{ id: string }[]>`insert into plans (name, price_cents, interval, interval_count)
      values ('Primary care monthly', 5900, 'month', 1) returning id`;
    await ctx.sql`insert into membership_options (doctor_id, plan_id, enabled) values (${doctor.id}, ${plan.id}, true)`;
    const res = await ctx.call("POST", "/payments/stripe/subscribe", {
      token: patient.token, body: { doctorId: doctor.id, planId: plan.id, paymentMethodId: cardId, idempotencyKey: "ledger-test-1" },
    });
    assert.ok(res.status < 300, JSON.stringify(res.body));
    await ctx.settle();
    const [tx] = await ctx.sql`select amount_cents, fee_cents, net_cents, status from payment_transactions where type = 'membership'`;
    assert.deepEqual({ ...tx }, { amount_cents: 5900, fee_cents: 885, net_cents: 5015, status: "succeeded" });
    const [sub] = await ctx.sql`select subscription_id from memberships where patient_id = ${patient.id}`;
    const processor = await ctx.stripeGet(`/v1/subscriptions/${sub.subscription_id}`);
    assert.equal(processor.application_fee_percent, 15);
    assert.equal(processor.transfer_data.destination, accountId);
  });

  await t.step("a membership payment refunded in part: 1001 of 5900 → fee 150 (150.15), doctor 851 (850.85) reversed", async () => {
    const [tx] = await ctx.sql`select id from payment_transactions where type = 'membership'`;
    const res = await ctx.call("POST", `/transactions/${tx.id}/refund`, { token: admin.token, body: { amountCents: 1001, reason: "Goodwill" } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.result.refundedCents, res.body.result.feeRefundedCents, res.body.result.netReversedCents], [1001, 150, 851]);
  });

  await t.step("the ledger: stored transactions and the processor's records agree to the cent, charge by charge and per account", async () => {
    await ctx.settle();
    const res = await ctx.call("GET", "/admin/ledger", { token: admin.token });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const ledger = res.body.result;
    // Service 4720 (fee 708, 1999 refunded: fee 300 back, doctor 1699 reversed); membership 5900 (fee 885, 1001 refunded: 150, 851).
    const expected = {
      paidCents: 4720 + 5900, refundedCents: 1999 + 1001, feeCents: 708 + 885, feeRefundedCents: 300 + 150,
      doctorShareCents: (4012 - 1699) + (5015 - 851), platformFeeCents: (4720 - 1999 - 2313) + (5900 - 1001 - 4164),
    };
    assert.deepEqual(ledger.totals.stored, expected);
    assert.deepEqual(ledger.totals.processor, expected);
    assert.deepEqual(ledger.mismatches, []);
    assert.deepEqual([ledger.balanced, ledger.agrees], [true, true]);
    assert.equal(ledger.rows.length, 2);
    assert.ok(ledger.rows.every((r: { chargeId: string; agrees: boolean }) => /^ch_/.test(r.chargeId) && r.agrees));
    // The doctor's account received exactly their share (payouts aside), and the balance shows it less the payout.
    assert.deepEqual(ledger.accounts, [{ accountId, storedDoctorShareCents: expected.doctorShareCents, receivedCents: expected.doctorShareCents, agrees: true }]);
    const b = (await ctx.call("GET", "/stripe/balance/me", { token: doctor.token })).body.result;
    assert.equal(b.availableCents + b.pendingCents + 1000, expected.doctorShareCents);
    assert.equal((await ctx.call("GET", "/admin/ledger", { token: doctor.token })).status, 403);
  });

  await t.step("the ledger can fail: one stored fee changed by a cent shows that charge as a mismatch", async () => {
    await ctx.sql`update payment_transactions set fee_cents = fee_cents + 1 where id = ${txId}`;
    const ledger = (await ctx.call("GET", "/admin/ledger", { token: admin.token })).body.result;
    assert.deepEqual([ledger.balanced, ledger.agrees], [false, false]);
    assert.equal(ledger.mismatches.length, 1);
    const [m] = ledger.mismatches;
    assert.deepEqual([m.id, m.differences, m.stored.feeCents, m.processor.feeCents], [txId, ["feeCents"], 709, 708]);
    assert.equal(ledger.totals.stored.feeCents - ledger.totals.processor.feeCents, 1);
    // A doctor's share stored a cent high: the charge and the doctor's account both disagree.
    await ctx.sql`update payment_transactions set fee_cents = fee_cents - 1, net_reversed_cents = net_reversed_cents - 1 where id = ${txId}`;
    const share = (await ctx.call("GET", "/admin/ledger", { token: admin.token })).body.result;
    assert.deepEqual(share.mismatches.map((x: { differences: string[] }) => x.differences), [["doctorShareCents", "platformFeeCents"]]);
    assert.equal(share.accounts[0].storedDoctorShareCents - share.accounts[0].receivedCents, 1);
    assert.equal(share.accounts[0].agrees, false);
    await ctx.sql`update payment_transactions set net_reversed_cents = net_reversed_cents + 1 where id = ${txId}`;
    assert.equal((await ctx.call("GET", "/admin/ledger", { token: admin.token })).body.result.agrees, true);
  });

  await t.step("two refunds at once that together exceed what is left: one refunds, the other is refused, totals right", async () => {
    const [tx] = await ctx.sql<{ id: string; amount_cents: number; refunded_cents: number }[]>`
      select id, amount_cents, refunded_cents from payment_transactions where type = 'membership'`;
    const left = tx.amount_cents - tx.refunded_cents;
    const each = Math.floor(left / 2) + 1;
    const results = await Promise.all([1, 2].map(() =>
      ctx.call("POST", `/transactions/${tx.id}/refund`, { token: admin.token, body: { amountCents: each, reason: "Twice at once" } })
    ));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 400], JSON.stringify(results.map((r) => r.body)));
    const [after] = await ctx.sql<{ refunded_cents: number }[]>`select refunded_cents from payment_transactions where id = ${tx.id}`;
    assert.equal(after.refunded_cents, tx.refunded_cents + each);
  });

  await t.step("a purchase sent again with its key (the answer was lost): the same purchase, charged once", async () => {
    const count = async () => (await ctx.sql<{ n: number }[]>`select count(*)::int as n from service_requests where patient_id = ${patient.id}`)[0].n;
    const charges = async () => (await ctx.sql<{ n: number }[]>`select count(*)::int as n from payment_transactions where patient_id = ${patient.id}`)[0].n;
    const [requestsBefore, chargesBefore] = [await count(), await charges()];
    const idempotencyKey = crypto.randomUUID();
    const first = await buy({ idempotencyKey });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const again = await buy({ idempotencyKey });
    assert.equal(again.status, 201, JSON.stringify(again.body));
    assert.deepEqual(again.body.result, first.body.result);
    assert.deepEqual([await count(), await charges()], [requestsBefore + 1, chargesBefore + 1]);
    // Another patient cannot reach that purchase through its key.
    const other = await ctx.createUser("patient");
    const theirs = await buy({ idempotencyKey }, other.token);
    assert.equal(theirs.status, 409, JSON.stringify(theirs.body));
  });

  await t.step("an inactive payout account: the doctor cannot be bought from", async () => {
    ctx.emulator.setAccountEnabled(accountId, false);
    await ctx.settle();
    const res = await buy({});
    assert.equal(res.status, 409);
    assert.equal(res.body.message, "Sorry, you cannot book this doctor. Please contact support service.");
  });
});
