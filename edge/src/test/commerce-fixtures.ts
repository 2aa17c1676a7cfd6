/**
 * A test app whose `payments` is the real stripe SDK against a fresh Stripe-API
 * emulator (port 0): commerce tests see what the processor was asked to do.
 */
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { WEBHOOK_PATH } from "../platform/payments/start.ts";
import { startStripeEmulator, type StripeEmulator } from "../../emulators/stripe/server.ts";
import { createStripePayments } from "../platform/payments/stripe-payments.ts";
import { createTestContext, type TestContext } from "./harness.ts";

export type CommerceContext = TestContext & {
  emulator: StripeEmulator;
  stripeGet(path: string, account?: string): Promise<any>;
  /** Delivers pending webhooks (over HTTP to the app) and runs the jobs they queued. */
  settle(): Promise<void>;
  /** Onboards a payout account through the emulator's page: "complete" or "incomplete"; returns where it redirected. */
  onboard(linkUrl: string, result: "complete" | "incomplete"): Promise<string>;
};

export async function createCommerceContext(): Promise<CommerceContext> {
  const webhookSecret = `whsec_${crypto.randomUUID().replaceAll("-", "")}`;
  const secretKey = "sk_test_commerce_tests";
  const emulator = await startStripeEmulator({ port: 0, webhookSecret });
  const payments = createStripePayments({
    secretKey, webhookSecret, publishableKey: emulator.publishableKey, apiBase: emulator.url, emulatorUrl: emulator.url,
  });
  const ctx = await createTestContext({ payments });
  const close = ctx.close;
  const forwarder = createServer(getRequestListener((req) => ctx.app.fetch(req)));
  await new Promise<void>((resolve) => forwarder.listen(0, "127.0.0.1", resolve));
  emulator.setWebhookUrl(`http://127.0.0.1:${(forwarder.address() as { port: number }).port}${WEBHOOK_PATH}`);
  return Object.assign(ctx, {
    emulator,
    async stripeGet(path: string, account?: string) {
      const headers: Record<string, string> = { authorization: `Bearer ${secretKey}` };
      if (account) headers["stripe-account"] = account;
      const res = await fetch(`${emulator.url}${path}`, { headers });
      return await res.json();
    },
    async settle() {
      for (let i = 0; i < 5; i++) {
        const delivered = await emulator.deliverPendingWebhooks();
        const ran = await ctx.deps.jobs.drain({ dueNow: true });
        if (!delivered && !ran) return;
      }
    },
    async onboard(linkUrl: string, result: "complete" | "incomplete") {
      const answer = await fetch(linkUrl, { method: "POST", body: new URLSearchParams({ result }), redirect: "manual" });
      await answer.body?.cancel();
      return answer.headers.get("location") ?? "";
    },
    async close() {
      await close();
      await new Promise((resolve) => forwarder.close(resolve));
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
