/** Tests' setup: an emulator on an ephemeral port and the real `stripe` SDK pointed at it. */
import Stripe from "stripe";
import { startStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from "./server.ts";

export const WEBHOOK_SECRET = "whsec_test_emulator_secret";

export async function startForTest(opts: Partial<StripeEmulatorOptions> = {}): Promise<{ emulator: StripeEmulator; stripe: Stripe }> {
  const emulator = await startStripeEmulator({ port: 0, webhookSecret: WEBHOOK_SECRET, ...opts });
  return { emulator, stripe: sdkFor(emulator) };
}

export function sdkFor(emulator: StripeEmulator, key = "sk_test_emulator"): Stripe {
  return new Stripe(key, { host: emulator.host, port: emulator.port, protocol: "http", maxNetworkRetries: 1 });
}

/** The 3-D Secure page's buttons, as a browser would press them. */
export async function answer3ds(emulator: StripeEmulator, intentId: string, result: "complete" | "fail", pageUrl?: string): Promise<Response> {
  const page = await fetch(pageUrl ?? `${emulator.url}/_emulator/3ds/${intentId}`);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`3DS page answered ${page.status}`);
  const returnUrl = /name="return_url" value="([^"]*)"/.exec(html)?.[1].replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))) ?? "";
  return fetch(`${emulator.url}/_emulator/3ds/${intentId}`, { method: "POST", body: new URLSearchParams({ result, return_url: returnUrl }), redirect: "manual" });
}

export const DAY = 86_400;

/** An emulator for one test, closed afterwards. */
export async function withEmulator(fn: (ctx: Awaited<ReturnType<typeof startForTest>>) => Promise<void>) {
  const ctx = await startForTest();
  try {
    await fn(ctx);
  } finally {
    await ctx.emulator.close();
  }
}

/** A customer with a card attached and made their default. */
export async function memberWithCard(stripe: Stripe, card = "pm_card_visa") {
  const customer = await stripe.customers.create({ email: "member@example.test" });
  const pm = await stripe.paymentMethods.attach(card, { customer: customer.id });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
  return { customer, pm };
}

export function monthlyPrice(stripe: Stripe, amount = 5900, interval: "day" | "week" | "month" | "year" = "month", count = 1) {
  return stripe.prices.create({ currency: "usd", unit_amount: amount, recurring: { interval, interval_count: count }, product_data: { name: "Primary care membership" } });
}

/** Every event's type, oldest first. */
export async function eventTypes(stripe: Stripe): Promise<string[]> {
  const out: string[] = [];
  for await (const e of stripe.events.list({ limit: 100 })) out.push(e.type);
  return out.reverse();
}
