/**
 * A test app whose `payments` is the real stripe SDK against a fresh Stripe-API
 * emulator (port 0): commerce tests see what the processor was asked to do.
 */
import { startStripeEmulator, type StripeEmulator } from "../../emulators/stripe/server.ts";
import { createStripePayments } from "../platform/payments/stripe-payments.ts";
import { createTestContext, type TestContext } from "./harness.ts";

export type CommerceContext = TestContext & { emulator: StripeEmulator; stripeGet(path: string): Promise<any> };

export async function createCommerceContext(): Promise<CommerceContext> {
  const webhookSecret = `whsec_${crypto.randomUUID().replaceAll("-", "")}`;
  const secretKey = "sk_test_commerce_tests";
  const emulator = await startStripeEmulator({ port: 0, webhookSecret });
  const payments = createStripePayments({
    secretKey, webhookSecret, publishableKey: emulator.publishableKey, apiBase: emulator.url, emulatorUrl: emulator.url,
  });
  const ctx = await createTestContext({ payments });
  const close = ctx.close;
  return Object.assign(ctx, {
    emulator,
    async stripeGet(path: string) {
      const res = await fetch(`${emulator.url}${path}`, { headers: { authorization: `Bearer ${secretKey}` } });
      return await res.json();
    },
    async close() {
      await close();
      await emulator.close();
    },
  });
}

export function commerceTest(name: string, fn: (t: Deno.TestContext, ctx: CommerceContext) => Promise<void>) {
  Deno.test({ name, sanitizeOps: false, sanitizeResources: false }, async (t) => {
    const ctx = await createCommerceContext();
    try {
      await fn(t, ctx);
    } finally {
      await ctx.close();
    }
  });
}
