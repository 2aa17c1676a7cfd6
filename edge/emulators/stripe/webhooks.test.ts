import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { sdkFor, startForTest, WEBHOOK_SECRET } from "./test-helpers.ts";
import { startStripeEmulator } from "./server.ts";

/** A webhook endpoint that verifies each delivery with the SDK, answering `status()` (500 = "the edge is failing"). */
async function receiver(status: () => number = () => 200) {
  const verifier = new Stripe("sk_test_verifier");
  const events: Stripe.Event[] = [];
  const rejected: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", async () => {
      const code = status();
      if (code !== 200) {
        res.writeHead(code).end();
        return;
      }
      try {
        events.push(await verifier.webhooks.constructEventAsync(body, String(req.headers["stripe-signature"]), WEBHOOK_SECRET));
        res.writeHead(200).end("{}");
      } catch (error) {
        rejected.push(String(error));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`;
  return { url, events, rejected, close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    } };
}

Deno.test("webhooks are signed so constructEventAsync verifies them; a wrong secret is rejected", async () => {
  const hook = await receiver();
  const { emulator, stripe } = await startForTest({ webhookUrl: hook.url });
  try {
    const customer = await stripe.customers.create({ email: "w@example.test" });
    await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    await emulator.deliverPendingWebhooks();
    await waitFor(() => hook.events.length >= 2);
    assert.deepEqual(hook.events.map((e) => e.type), ["customer.created", "payment_method.attached"]);
    assert.equal((hook.events[0].data.object as Stripe.Customer).id, customer.id);
    assert.ok(Math.abs(hook.events[0].created - emulator.clock.now()) < 5);
    assert.equal(hook.rejected.length, 0);
    await assert.rejects(
      new Stripe("sk_test_x").webhooks.constructEventAsync(JSON.stringify(hook.events[0]), "t=1,v1=00", WEBHOOK_SECRET),
      /signature/i,
    );
  } finally {
    await emulator.close();
    await hook.close();
  }
});

Deno.test("a receiver that is down keeps events pending; they arrive once it is back (forced pass and the retry loop)", async () => {
  let up = false;
  const hook = await receiver(() => (up ? 200 : 503));
  const { emulator, stripe } = await startForTest({ webhookUrl: hook.url });
  try {
    const customer = await stripe.customers.create({});
    assert.equal(await emulator.deliverPendingWebhooks(), 0);
    assert.equal(hook.events.length, 0);
    const event = (await stripe.events.list({ type: "customer.created" })).data[0];
    assert.equal(event.pending_webhooks, 1);
    up = true;
    await emulator.deliverPendingWebhooks();
    assert.deepEqual(hook.events.map((e) => e.id), [event.id]);
    assert.equal((await stripe.events.retrieve(event.id)).pending_webhooks, 0);

    up = false;
    await stripe.customers.update(customer.id, { name: "Later" });
    await emulator.deliverPendingWebhooks();
    up = true;
    // The background loop retries by itself (first retry after ~1 s of real time).
    await waitFor(() => hook.events.some((e) => e.type === "customer.updated"));
  } finally {
    await emulator.close();
    await hook.close();
  }
});

Deno.test("events can be delivered out of order on purpose; each keeps its own created time from the clock", async () => {
  let up = false;
  const hook = await receiver(() => (up ? 200 : 500));
  const { emulator, stripe } = await startForTest({ webhookUrl: hook.url, webhookOrder: "reversed" });
  try {
    const customer = await stripe.customers.create({});
    await emulator.clock.advance(3600);
    await stripe.customers.update(customer.id, { name: "B" });
    up = true;
    // The background sender may already have sent the newer event alone; either way the older one arrives last.
    await emulator.deliverPendingWebhooks();
    assert.deepEqual(hook.events.map((e) => e.type), ["customer.updated", "customer.created"]);
    assert.ok(hook.events[0].created >= hook.events[1].created + 3600);
  } finally {
    await emulator.close();
    await hook.close();
  }
});

Deno.test("resendEvent delivers an event again: same id and body, a fresh valid signature; unknown ids are refused", async () => {
  const hook = await receiver();
  const { emulator, stripe } = await startForTest({ webhookUrl: hook.url });
  try {
    const customer = await stripe.customers.create({ email: "r@example.test" });
    await emulator.deliverPendingWebhooks();
    await waitFor(() => hook.events.length >= 1);
    const first = hook.events[0];
    for (let i = 0; i < 3; i++) emulator.resendEvent(first.id);
    assert.equal(await emulator.deliverPendingWebhooks(), 3);
    assert.equal(hook.rejected.length, 0);
    assert.deepEqual(hook.events.map((e) => e.id), [first.id, first.id, first.id, first.id]);
    // The same event (only `pending_webhooks`, a live count, may differ).
    const body = ({ pending_webhooks: _, ...rest }: Stripe.Event) => rest;
    for (const e of hook.events) assert.deepEqual(body(e), body(first));
    assert.equal((hook.events[3].data.object as Stripe.Customer).id, customer.id);
    assert.throws(() => emulator.resendEvent("evt_missing"), /no such event/);
    assert.throws(() => emulator.resendEvent(customer.id), /no such event/);
  } finally {
    await emulator.close();
    await hook.close();
  }
});

Deno.test("clock.advance delivers the renewal's events before it resolves; the HTTP clock endpoint moves time too", async () => {
  const hook = await receiver();
  const { emulator, stripe } = await startForTest({ webhookUrl: hook.url });
  try {
    const customer = await stripe.customers.create({});
    const pm = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    const price = await stripe.prices.create({ currency: "usd", unit_amount: 4900, recurring: { interval: "week" }, product_data: { name: "1-week access" } });
    await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], default_payment_method: pm.id });
    const before = emulator.clock.now();
    const response = await fetch(`${emulator.url}/_emulator/clock/advance`, { method: "POST", body: JSON.stringify({ seconds: 7 * 86_400 + 60 }) });
    assert.equal(response.status, 200);
    assert.ok((await response.json()).now >= before + 7 * 86_400 + 60);
    assert.ok(hook.events.filter((e) => e.type === "invoice.paid").length >= 2);
    const bad = await fetch(`${emulator.url}/_emulator/clock/advance`, { method: "POST", body: JSON.stringify({ seconds: -1 }) });
    assert.equal(bad.status, 400);
    await bad.body?.cancel();
  } finally {
    await emulator.close();
    await hook.close();
  }
});

Deno.test("deliveries pending when the emulator stopped go out after a restart once the webhook URL is set", async () => {
  const dir = await Deno.makeTempDir();
  const dataFile = `${dir}/stripe.json`;
  const hook = await receiver();
  try {
    const first = await startStripeEmulator({ port: 0, webhookSecret: WEBHOOK_SECRET, dataFile, webhookUrl: "http://127.0.0.1:9/down" });
    await sdkFor(first).customers.create({ email: "pending@example.test" });
    await first.deliverPendingWebhooks();
    await first.close();
    const second = await startStripeEmulator({ port: 0, webhookSecret: WEBHOOK_SECRET, dataFile });
    try {
      second.setWebhookUrl(hook.url);
      await waitFor(() => hook.events.some((e) => e.type === "customer.created"));
    } finally {
      await second.close();
    }
  } finally {
    await hook.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("with a data file the state survives a restart", async () => {
  const dir = await Deno.makeTempDir();
  const dataFile = `${dir}/stripe.json`;
  try {
    const first = await startStripeEmulator({ port: 0, webhookSecret: WEBHOOK_SECRET, dataFile });
    const customer = await sdkFor(first).customers.create({ email: "keep@example.test" }, { idempotencyKey: "customer-u1" });
    await first.clock.advance(86_400);
    const clockBefore = first.clock.now();
    await first.close();
    const second = await startStripeEmulator({ port: 0, webhookSecret: WEBHOOK_SECRET, dataFile });
    try {
      const again = await sdkFor(second).customers.retrieve(customer.id) as Stripe.Customer;
      assert.equal(again.email, "keep@example.test");
      const replayed = await sdkFor(second).customers.create({ email: "keep@example.test" }, { idempotencyKey: "customer-u1" });
      assert.equal(replayed.id, customer.id, "idempotency keys survive the restart too");
      assert.ok(second.clock.now() >= clockBefore);
    } finally {
      await second.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

async function waitFor(check: () => boolean, attempts = 100): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("condition not met after waiting");
}
