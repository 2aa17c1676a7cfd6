import assert from "node:assert/strict";
import Stripe from "stripe";
import { answer3ds, sdkFor, withEmulator } from "./test-helpers.ts";

Deno.test("customers round-trip through the real SDK: create, retrieve, update, list, delete", () =>
  withEmulator(async ({ stripe }) => {
    const created = await stripe.customers.create({ email: "pat@example.test", name: "Pat", metadata: { userId: "u1" } });
    assert.match(created.id, /^cus_/);
    assert.equal((await stripe.customers.retrieve(created.id) as Stripe.Customer).email, "pat@example.test");
    const updated = await stripe.customers.update(created.id, { name: "Pat Doe", metadata: { userId: "" } });
    assert.equal(updated.name, "Pat Doe");
    assert.deepEqual(updated.metadata, {});
    const list = await stripe.customers.list({ email: "pat@example.test" });
    assert.deepEqual(list.data.map((c) => c.id), [created.id]);
    const deleted = await stripe.customers.del(created.id);
    assert.equal(deleted.deleted, true);
    assert.equal((await stripe.customers.retrieve(created.id) as Stripe.DeletedCustomer).deleted, true);
    await assert.rejects(stripe.customers.update(created.id, { name: "x" }), (e: any) => e.code === "resource_missing");
    await assert.rejects(stripe.customers.retrieve("cus_missing"), (e: any) => e.code === "resource_missing" && e.statusCode === 404);
  }));

Deno.test("payment methods: attach, default, list, detach; declining test cards cannot be attached", () =>
  withEmulator(async ({ stripe }) => {
    const customer = await stripe.customers.create({});
    const pm = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    assert.match(pm.id, /^pm_/);
    assert.equal(pm.card?.last4, "4242");
    const withDefault = await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
    assert.equal(withDefault.invoice_settings.default_payment_method, pm.id);
    const expanded = await stripe.customers.retrieve(customer.id, { expand: ["invoice_settings.default_payment_method"] }) as Stripe.Customer;
    assert.equal((expanded.invoice_settings.default_payment_method as Stripe.PaymentMethod).card?.brand, "visa");
    const cases: [string, string, string | undefined][] = [
      ["pm_card_chargeDeclined", "card_declined", "generic_decline"],
      ["pm_card_chargeDeclinedInsufficientFunds", "card_declined", "insufficient_funds"],
      ["pm_card_chargeDeclinedExpiredCard", "expired_card", "expired_card"],
      ["pm_card_chargeDeclinedIncorrectCvc", "incorrect_cvc", "incorrect_cvc"],
    ];
    for (const [id, code, decline] of cases) {
      await assert.rejects(stripe.paymentMethods.attach(id, { customer: customer.id }), (e: any) => {
        assert.equal(e.type, "StripeCardError");
        assert.equal(e.code, code);
        assert.equal(e.decline_code, decline);
        return true;
      });
    }
    const list = await stripe.paymentMethods.list({ customer: customer.id, type: "card" });
    assert.deepEqual(list.data.map((p) => p.id), [pm.id]);
    await stripe.paymentMethods.detach(pm.id);
    const after = await stripe.customers.retrieve(customer.id) as Stripe.Customer;
    assert.equal(after.invoice_settings.default_payment_method, null);
    assert.equal((await stripe.customers.listPaymentMethods(customer.id)).data.length, 0);
  }));

Deno.test("a publishable key tokenizes a raw test card number but cannot read customers; bad numbers are refused", () =>
  withEmulator(async ({ emulator }) => {
    const post = (body: Record<string, string>) =>
      fetch(`${emulator.url}/v1/payment_methods`, {
        method: "POST",
        headers: { authorization: `Bearer ${emulator.publishableKey}`, "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:5173" },
        body: new URLSearchParams(body),
      });
    const ok = await post({ type: "card", "card[number]": "4000 0025 0000 3155", "card[exp_month]": "12", "card[exp_year]": "2040", "card[cvc]": "123" });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get("access-control-allow-origin"), "http://localhost:5173");
    const pm = await ok.json();
    assert.match(pm.id, /^pm_/);
    assert.equal(pm.card.last4, "3155");
    const bad = await post({ type: "card", "card[number]": "4242424242424241", "card[exp_month]": "12", "card[exp_year]": "2040" });
    assert.equal(bad.status, 402);
    assert.equal((await bad.json()).error.code, "incorrect_number");
    const expired = await post({ type: "card", "card[number]": "4242424242424242", "card[exp_month]": "1", "card[exp_year]": "2001" });
    assert.equal((await expired.json()).error.code, "invalid_expiry_year");
    const read = await fetch(`${emulator.url}/v1/customers`, { headers: { authorization: `Bearer ${emulator.publishableKey}` } });
    assert.equal(read.status, 401);
    await read.body?.cancel();
    const noKey = await fetch(`${emulator.url}/v1/customers`);
    assert.equal(noKey.status, 401);
    await noKey.body?.cancel();
  }));

Deno.test("payment intents: each test card's outcome on confirm", () =>
  withEmulator(async ({ stripe }) => {
    const customer = await stripe.customers.create({});
    const ok = await stripe.paymentIntents.create({ amount: 5900, currency: "usd", customer: customer.id, payment_method: "pm_card_visa", confirm: true });
    assert.equal(ok.status, "succeeded");
    assert.match(String(ok.latest_charge), /^ch_/);
    for (const [card, code] of [["pm_card_chargeDeclined", "card_declined"], ["pm_card_chargeDeclinedInsufficientFunds", "card_declined"], ["pm_card_chargeDeclinedExpiredCard", "expired_card"], ["pm_card_chargeDeclinedIncorrectCvc", "incorrect_cvc"]]) {
      await assert.rejects(stripe.paymentIntents.create({ amount: 5900, currency: "usd", payment_method: card, confirm: true }), (e: any) => {
        assert.equal(e.code, code);
        assert.equal(e.raw.payment_intent.status, "requires_payment_method");
        assert.equal(e.raw.payment_intent.last_payment_error.code, code);
        return true;
      });
    }
    await assert.rejects(stripe.paymentIntents.create({ amount: 10, currency: "usd" }), (e: any) => e.code === "amount_too_small");
    await assert.rejects(stripe.paymentIntents.create({ currency: "usd" } as any), (e: any) => e.code === "parameter_missing" && e.param === "amount");
  }));

Deno.test("3-D Secure: requires_action with the emulator's page, Complete succeeds, Fail leaves requires_payment_method", () =>
  withEmulator(async ({ stripe, emulator }) => {
    for (const card of ["pm_card_authenticationRequired", "pm_card_authenticationRequiredOnSetup"]) {
      const pi = await stripe.paymentIntents.create({ amount: 4900, currency: "usd", payment_method: card, confirm: true });
      assert.equal(pi.status, "requires_action");
      assert.equal(pi.next_action?.type, "use_stripe_sdk");
      assert.equal((pi.next_action as any).use_stripe_sdk.stripe_js, `${emulator.url}/_emulator/3ds/${pi.id}`);
      const done = await answer3ds(emulator, pi.id, "complete");
      assert.equal(done.status, 200);
      await done.body?.cancel();
      assert.equal((await stripe.paymentIntents.retrieve(pi.id)).status, "succeeded");
    }
    const withReturn = await stripe.paymentIntents.create({ amount: 4900, currency: "usd", payment_method: "pm_card_authenticationRequired", confirm: true, return_url: "http://localhost:5173/pay/done" });
    assert.equal(withReturn.next_action?.type, "redirect_to_url");
    const failed = await answer3ds(emulator, withReturn.id, "fail", (withReturn.next_action as any).redirect_to_url.url);
    assert.equal(failed.status, 303);
    assert.match(failed.headers.get("location")!, /^http:\/\/localhost:5173\/pay\/done\?payment_intent=pi_/);
    const after = await stripe.paymentIntents.retrieve(withReturn.id);
    assert.equal(after.status, "requires_payment_method");
    assert.equal(after.last_payment_error?.code, "payment_intent_authentication_failure");
  }));

Deno.test("setup intents: a 3DS card is authenticated once and attached; a declining card fails", () =>
  withEmulator(async ({ stripe, emulator }) => {
    const customer = await stripe.customers.create({});
    const si = await stripe.setupIntents.create({ customer: customer.id, payment_method: "pm_card_authenticationRequiredOnSetup", confirm: true });
    assert.equal(si.status, "requires_action");
    (await answer3ds(emulator, si.id, "complete")).body?.cancel();
    const done = await stripe.setupIntents.retrieve(si.id);
    assert.equal(done.status, "succeeded");
    const pm = await stripe.paymentMethods.retrieve(String(done.payment_method));
    assert.equal(pm.customer, customer.id);
    // Once set up, the card pays off-session without a new challenge.
    const offSession = await stripe.paymentIntents.create({ amount: 5900, currency: "usd", customer: customer.id, payment_method: pm.id, confirm: true, off_session: true });
    assert.equal(offSession.status, "succeeded");
    await assert.rejects(
      stripe.setupIntents.create({ customer: customer.id, payment_method: "pm_card_chargeDeclined", confirm: true }),
      (e: any) => e.code === "card_declined" && e.raw.setup_intent.status === "requires_payment_method",
    );
  }));

Deno.test("publishable key confirms an intent only with its client secret (what Stripe.js does)", () =>
  withEmulator(async ({ stripe, emulator }) => {
    const pi = await stripe.paymentIntents.create({ amount: 5900, currency: "usd" });
    const browser = sdkFor(emulator, emulator.publishableKey);
    await assert.rejects(browser.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa", client_secret: "wrong" } as any), (e: any) => e.statusCode === 400);
    const confirmed = await browser.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa", client_secret: pi.client_secret } as any);
    assert.equal(confirmed.status, "succeeded");
  }));

Deno.test("refunds: partial then the rest; more than remains is refused", () =>
  withEmulator(async ({ stripe }) => {
    const pi = await stripe.paymentIntents.create({ amount: 5900, currency: "usd", payment_method: "pm_card_visa", confirm: true });
    const part = await stripe.refunds.create({ payment_intent: pi.id, amount: 2000 });
    assert.equal(part.status, "succeeded");
    assert.match(part.id, /^re_/);
    await assert.rejects(stripe.refunds.create({ payment_intent: pi.id, amount: 4000 }), (e: any) => e.code === "amount_too_large");
    const rest = await stripe.refunds.create({ charge: String(pi.latest_charge) });
    assert.equal(rest.amount, 3900);
    const charge = await stripe.charges.retrieve(String(pi.latest_charge));
    assert.equal(charge.refunded, true);
    assert.equal(charge.amount_refunded, 5900);
    await assert.rejects(stripe.refunds.create({ charge: charge.id }), (e: any) => e.code === "charge_already_refunded");
    const events = await stripe.events.list({ type: "charge.refunded" });
    assert.equal(events.data.length, 2);
  }));

Deno.test("pagination: limit, starting_after, ending_before, has_more", () =>
  withEmulator(async ({ stripe }) => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.unshift((await stripe.customers.create({ name: `c${i}` })).id);
    const first = await stripe.customers.list({ limit: 2 });
    assert.deepEqual(first.data.map((c) => c.id), ids.slice(0, 2));
    assert.equal(first.has_more, true);
    assert.equal((first as any).url, "/v1/customers");
    const second = await stripe.customers.list({ limit: 2, starting_after: ids[1] });
    assert.deepEqual(second.data.map((c) => c.id), ids.slice(2, 4));
    const last = await stripe.customers.list({ limit: 2, starting_after: ids[3] });
    assert.deepEqual(last.data.map((c) => c.id), [ids[4]]);
    assert.equal(last.has_more, false);
    const back = await stripe.customers.list({ limit: 2, ending_before: ids[4] });
    assert.deepEqual(back.data.map((c) => c.id), ids.slice(2, 4));
    const all: string[] = [];
    for await (const c of stripe.customers.list({ limit: 2 })) all.push(c.id);
    assert.deepEqual(all, ids);
  }));

Deno.test("idempotency: same key + body replays, other body is an idempotency_error, 10 concurrent → one object", () =>
  withEmulator(async ({ stripe }) => {
    const a = await stripe.customers.create({ email: "a@example.test" }, { idempotencyKey: "k1" });
    const b = await stripe.customers.create({ email: "a@example.test" }, { idempotencyKey: "k1" });
    assert.equal(a.id, b.id);
    await assert.rejects(stripe.customers.create({ email: "b@example.test" }, { idempotencyKey: "k1" }), (e: any) => {
      assert.equal(e.type, "StripeIdempotencyError");
      return true;
    });
    const customer = await stripe.customers.create({});
    const results = await Promise.all(
      Array.from({ length: 10 }, () => stripe.paymentIntents.create({ amount: 5900, currency: "usd", customer: customer.id, payment_method: "pm_card_visa", confirm: true }, { idempotencyKey: "pay-once" })),
    );
    assert.equal(new Set(results.map((r) => r.id)).size, 1);
    assert.equal((await stripe.paymentIntents.list({ customer: customer.id })).data.length, 1);
    assert.equal((await stripe.charges.list({ customer: customer.id })).data.length, 1);
  }));

Deno.test("failNext injects an error once; the SDK's retry on 500 then succeeds", () =>
  withEmulator(async ({ stripe, emulator }) => {
    emulator.failNext(/^\/v1\/customers$/, { status: 402, type: "card_error", code: "card_declined", message: "Your card was declined." });
    await assert.rejects(stripe.customers.create({}), (e: any) => e.code === "card_declined");
    emulator.failNext(/^\/v1\/customers$/, { status: 500, type: "api_error", message: "Injected outage" });
    const c = await stripe.customers.create({});
    assert.match(c.id, /^cus_/);
    assert.equal((await stripe.customers.list()).data.length, 1);
  }));

Deno.test("unknown routes answer Stripe's JSON error; CORS preflight is allowed from localhost only", () =>
  withEmulator(async ({ emulator, stripe }) => {
    await assert.rejects(stripe.rawRequest("GET", "/v1/not_a_resource"), (e: any) => e.statusCode === 404 && /Unrecognized request URL/.test(e.message));
    const preflight = (origin: string) =>
      fetch(`${emulator.url}/v1/payment_methods`, { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST" } });
    const ok = await preflight("http://localhost:8624");
    assert.equal(ok.status, 204);
    assert.equal(ok.headers.get("access-control-allow-origin"), "http://localhost:8624");
    await ok.body?.cancel();
    const other = await preflight("https://evil.example");
    assert.equal(other.status, 403);
    await other.body?.cancel();
  }));

Deno.test("off-session payment on a card that always asks for 3-D Secure is declined with authentication_required", () =>
  withEmulator(async ({ stripe }) => {
    const customer = await stripe.customers.create({});
    const pm = await stripe.paymentMethods.attach("pm_card_authenticationRequired", { customer: customer.id });
    await assert.rejects(
      stripe.paymentIntents.create({ amount: 5900, currency: "usd", customer: customer.id, payment_method: pm.id, confirm: true, off_session: true }),
      (e: any) => e.code === "authentication_required" && e.decline_code === "authentication_required" && e.raw.payment_intent.status === "requires_payment_method",
    );
    const failed = await stripe.events.list({ type: "payment_intent.payment_failed" });
    assert.equal(failed.data.length, 1);
  }));
