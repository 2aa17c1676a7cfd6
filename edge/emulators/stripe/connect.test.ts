import assert from "node:assert/strict";
import Stripe from "stripe";
import { startForTest } from "./test-helpers.ts";

const DAY = 86_400;

async function onboard(emulator: { url: string }, linkUrl: string, result: "complete" | "incomplete"): Promise<string> {
  const page = await fetch(linkUrl);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /Complete onboarding/);
  const answer = await fetch(linkUrl, { method: "POST", body: new URLSearchParams({ result }), redirect: "manual" });
  await answer.body?.cancel();
  assert.equal(answer.status, 303);
  assert.ok(linkUrl.startsWith(emulator.url));
  return answer.headers.get("location")!;
}

Deno.test("Connect: express account onboarding through the emulator's page turns charges and payouts on", async () => {
  const { emulator, stripe } = await startForTest();
  try {
    const account = await stripe.accounts.create({ type: "express", email: "doc@example.test" });
    assert.match(account.id, /^acct_/);
    assert.equal(account.charges_enabled, false);
    const link = await stripe.accountLinks.create({ account: account.id, type: "account_onboarding", return_url: "http://localhost:5173/stripe/connected", refresh_url: "http://localhost:5173/stripe/connect" });
    assert.equal(await onboard(emulator, link.url, "incomplete"), "http://localhost:5173/stripe/connected");
    assert.equal((await stripe.accounts.retrieve(account.id)).charges_enabled, false);
    const again = await stripe.accountLinks.create({ account: account.id, type: "account_onboarding", return_url: "http://localhost:5173/stripe/connected", refresh_url: "http://localhost:5173/stripe/connect" });
    await onboard(emulator, again.url, "complete");
    const reused = await fetch(again.url, { redirect: "manual" });
    await reused.body?.cancel();
    assert.equal(reused.headers.get("location"), "http://localhost:5173/stripe/connect");
    const active = await stripe.accounts.retrieve(account.id);
    assert.deepEqual([active.charges_enabled, active.payouts_enabled, active.details_submitted, active.capabilities?.transfers], [true, true, true, "active"]);
    // The login link leads to the emulator's stand-in for the Express dashboard.
    const login = await stripe.accounts.createLoginLink(account.id);
    assert.ok(login.url.startsWith(`${emulator.url}/_emulator/connect/dashboard/`));
    const dashboard = await fetch(login.url);
    assert.equal(dashboard.status, 200);
    const html = await dashboard.text();
    assert.match(html, /<h1>Payout dashboard<\/h1>/);
    assert.ok(html.includes(account.id));
    assert.match(html, /Payouts<\/dt><dd>enabled/);
    const missing = await fetch(`${emulator.url}/_emulator/connect/dashboard/acct_missing`);
    await missing.body?.cancel();
    assert.equal(missing.status, 404);
    const updates = await stripe.events.list({ type: "account.updated" });
    assert.equal((updates.data[0].data.object as Stripe.Account).charges_enabled, true);
    emulator.setAccountEnabled(account.id, false);
    assert.equal((await stripe.accounts.retrieve(account.id)).payouts_enabled, false);
    assert.equal(((await stripe.events.list({ type: "account.updated", limit: 1 })).data[0].data.object as Stripe.Account).charges_enabled, false);
  } finally {
    await emulator.close();
  }
});

Deno.test("Connect: destination charge with an application fee, balances, payout, proportional refund", async () => {
  const { emulator, stripe } = await startForTest();
  try {
    const account = await stripe.accounts.create({ type: "express" });
    emulator.setAccountEnabled(account.id, true);
    const pi = await stripe.paymentIntents.create({
      amount: 5900,
      currency: "usd",
      payment_method: "pm_card_visa",
      confirm: true,
      application_fee_amount: 590,
      transfer_data: { destination: account.id },
    });
    const charge = await stripe.charges.retrieve(String(pi.latest_charge), { expand: ["transfer", "balance_transaction"] });
    assert.equal((charge.transfer as Stripe.Transfer).amount, 5310);
    assert.equal((charge.balance_transaction as Stripe.BalanceTransaction).fee, Math.round(5900 * 0.029) + 30);
    const pending = await stripe.balance.retrieve({}, { stripeAccount: account.id });
    assert.deepEqual([pending.available[0].amount, pending.pending[0].amount], [0, 5310]);
    await assert.rejects(stripe.payouts.create({ amount: 100, currency: "usd" }, { stripeAccount: account.id }), (e: any) => e.code === "balance_insufficient");
    await emulator.clock.advance(2 * DAY + 60);
    const available = await stripe.balance.retrieve({}, { stripeAccount: account.id });
    assert.equal(available.available[0].amount, 5310);
    const payout = await stripe.payouts.create({ amount: 5000, currency: "usd" }, { stripeAccount: account.id });
    assert.equal(payout.status, "pending");
    assert.equal((await stripe.balance.retrieve({}, { stripeAccount: account.id })).available[0].amount, 310);
    assert.deepEqual((await stripe.payouts.list({}, { stripeAccount: account.id })).data.map((p) => p.id), [payout.id]);
    assert.equal((await stripe.payouts.list()).data.length, 0);
    await stripe.refunds.create({ payment_intent: pi.id, amount: 2950, reverse_transfer: true, refund_application_fee: true });
    const afterRefund = await stripe.balance.retrieve({}, { stripeAccount: account.id });
    assert.equal(afterRefund.available[0].amount, 310 - 2655);
    const fees = await stripe.applicationFees.list({ charge: charge.id });
    assert.deepEqual([fees.data[0].amount, fees.data[0].amount_refunded], [590, 295]);
    const txns = await stripe.balanceTransactions.list({}, { stripeAccount: account.id });
    assert.deepEqual(txns.data.map((t) => t.type).sort(), ["payment", "payment_refund", "payout"]);
  } finally {
    await emulator.close();
  }
});

Deno.test("Connect: the ledger's reads — a connected account's balance transactions (paginated, by source), application fees with their refunds", async () => {
  const { emulator, stripe } = await startForTest();
  try {
    const account = await stripe.accounts.create({ type: "express" });
    emulator.setAccountEnabled(account.id, true);
    const on = { stripeAccount: account.id };
    const charges: Stripe.Charge[] = [];
    for (const [amount, fee] of [[1000, 150], [2001, 300], [333, 50]]) {
      const pi = await stripe.paymentIntents.create({
        amount, currency: "usd", payment_method: "pm_card_visa", confirm: true, application_fee_amount: fee, transfer_data: { destination: account.id },
      });
      charges.push(await stripe.charges.retrieve(String(pi.latest_charge), { expand: ["transfer", "application_fee"] }));
    }
    await stripe.refunds.create({ charge: charges[1].id, amount: 1000, reverse_transfer: true, refund_application_fee: true });
    // All of the account's balance transactions, one per page: three payments and one reversal; none on the platform's list.
    const all = await stripe.balanceTransactions.list({ limit: 1 }, on).autoPagingToArray({ limit: 100 });
    assert.deepEqual(all.map((t) => t.type).sort(), ["payment", "payment", "payment", "payment_refund"]);
    assert.equal(all.reduce((n, t) => n + t.net, 0), (1000 - 150) + (2001 - 300) + (333 - 50) - 850);
    const platform = await stripe.balanceTransactions.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
    assert.ok(platform.every((t) => !all.some((a) => a.id === t.id)));
    // By source: the transfer's payment on the account, and the reversal.
    const transfer = await stripe.transfers.retrieve(String((charges[1].transfer as Stripe.Transfer).id));
    const [payment] = (await stripe.balanceTransactions.list({ source: String(transfer.destination_payment) }, on)).data;
    assert.deepEqual([payment.type, payment.net], ["payment", 1701]);
    const [reversal] = (await stripe.balanceTransactions.list({ source: transfer.reversals.data[0].id }, on)).data;
    assert.deepEqual([reversal.type, reversal.net, transfer.amount_reversed], ["payment_refund", -850, 850]);
    assert.equal((await stripe.balanceTransactions.list({ source: "py_none" }, on)).data.length, 0);
    // Application fees: by charge, with the refunded part and its fee refunds; all of them paginated.
    const [fee] = (await stripe.applicationFees.list({ charge: charges[1].id })).data;
    assert.deepEqual([fee.amount, fee.amount_refunded, fee.refunds.data.map((r) => r.amount)], [300, 150, [150]]);
    const fees = await stripe.applicationFees.list({ limit: 2 }).autoPagingToArray({ limit: 100 });
    assert.deepEqual(fees.map((f) => f.amount).sort((a, b) => a - b), [50, 150, 300]);
  } finally {
    await emulator.close();
  }
});

Deno.test("Connect: transfers need an enabled destination; application fees need a destination", async () => {
  const { emulator, stripe } = await startForTest();
  try {
    const account = await stripe.accounts.create({ type: "express" });
    await assert.rejects(stripe.transfers.create({ amount: 1000, currency: "usd", destination: account.id }), (e: any) => e.param === "destination");
    emulator.setAccountEnabled(account.id, true);
    const transfer = await stripe.transfers.create({ amount: 1000, currency: "usd", destination: account.id });
    assert.match(transfer.id, /^tr_/);
    await assert.rejects(stripe.paymentIntents.create({ amount: 1000, currency: "usd", application_fee_amount: 100 }), (e: any) => e.param === "application_fee_amount");
  } finally {
    await emulator.close();
  }
});

Deno.test("Connect payouts: paid on the arrival date, failed after failPayouts() (funds back), canceled; payout.* events name the account", async () => {
  const { emulator, stripe } = await startForTest();
  try {
    const account = await stripe.accounts.create({ type: "express" });
    emulator.setAccountEnabled(account.id, true);
    await stripe.transfers.create({ amount: 9000, currency: "usd", destination: account.id });
    await emulator.clock.advance(2 * DAY + 60);
    const on = { stripeAccount: account.id };
    const events = async (type: string) => (await stripe.events.list({ type })).data;

    const paid = await stripe.payouts.create({ amount: 3000, currency: "usd" }, on);
    await emulator.clock.advance(2 * DAY + 60);
    assert.equal((await stripe.payouts.retrieve(paid.id, {}, on)).status, "paid");
    const [paidEvent] = await events("payout.paid");
    assert.equal((paidEvent.data.object as Stripe.Payout).id, paid.id);
    assert.equal(paidEvent.account, account.id);
    const [updated] = await events("payout.updated");
    assert.deepEqual(updated.data.previous_attributes, { status: "pending" });

    emulator.failPayouts(account.id, "account_closed");
    const failing = await stripe.payouts.create({ amount: 2000, currency: "usd" }, on);
    assert.equal((await stripe.balance.retrieve({}, on)).available[0].amount, 4000);
    await emulator.clock.advance(2 * DAY + 60);
    const failed = await stripe.payouts.retrieve(failing.id, {}, on);
    assert.deepEqual([failed.status, failed.failure_code, failed.failure_message], ["failed", "account_closed", "The bank account has been closed."]);
    assert.equal((await events("payout.failed"))[0].account, account.id);
    assert.equal((await stripe.balance.retrieve({}, on)).available[0].amount, 6000, "a failed payout's amount comes back");

    emulator.failPayouts(account.id, null);
    const canceling = await stripe.payouts.create({ amount: 1000, currency: "usd" }, on);
    const canceled = await stripe.payouts.cancel(canceling.id, {}, on);
    assert.equal(canceled.status, "canceled");
    assert.equal((await events("payout.canceled"))[0].account, account.id);
    assert.equal((await stripe.balance.retrieve({}, on)).available[0].amount, 6000);
    await assert.rejects(stripe.payouts.cancel(paid.id, {}, on), (e: any) => e.code === "payout_not_cancelable");
  } finally {
    await emulator.close();
  }
});
