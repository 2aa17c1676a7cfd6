/**
 * A test app whose `payments` is the real stripe SDK against a fresh Stripe-API
 * emulator (port 0), with the emulator's webhooks delivered over HTTP to the
 * app (a small forwarder on port 0 that can play "the edge is down").
 */
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { startStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from "../../emulators/stripe/server.ts";
import { createStripePayments } from "../platform/payments/stripe-payments.ts";
import { WEBHOOK_PATH } from "../platform/payments/start.ts";
import { createTestContext, type TestContext } from "./harness.ts";
import { DEMO_PLANS } from "../seed/payments.ts";

export type PaymentsContext = TestContext & {
  emulator: StripeEmulator;
  /** The secret the emulator signs webhooks with and the edge verifies them with. */
  webhookSecret: string;
  /** While true the webhook endpoint does not answer (deliveries stay pending at the emulator). */
  setEdgeDown(down: boolean): void;
  /** Delivers pending webhooks and runs the jobs they queued. */
  settle(): Promise<void>;
  /** Moves the processor's time and settles. */
  advanceDays(days: number): Promise<void>;
  /** An approved doctor with an active payout account and the demo fee table enabled; returns its plans by name. */
  doctorWithPlans(o?: { payout?: boolean }): Promise<{ doctor: Awaited<ReturnType<TestContext["createUser"]>>; plans: Record<string, string> }>;
};

export async function createPaymentsContext(o: Partial<StripeEmulatorOptions> = {}): Promise<PaymentsContext> {
  const webhookSecret = `whsec_${crypto.randomUUID().replaceAll("-", "")}`;
  const emulator = await startStripeEmulator({ port: 0, webhookSecret, ...o });
  const payments = createStripePayments({
    secretKey: "sk_test_payments_tests",
    webhookSecret,
    publishableKey: emulator.publishableKey,
    apiBase: emulator.url,
    emulatorUrl: emulator.url,
  });
  const ctx = await createTestContext({ payments });
  let down = false;
  // node:http like main.ts (@hono/node-server's listener), in front of whichever app is current (restart()).
  const forwarder = createServer(getRequestListener((req) => (down ? new Response("down", { status: 503 }) : ctx.app.fetch(req))));
  await new Promise<void>((resolve) => forwarder.listen(0, "127.0.0.1", resolve));
  const port = (forwarder.address() as { port: number }).port;
  emulator.setWebhookUrl(`http://127.0.0.1:${port}${WEBHOOK_PATH}`);

  async function settle() {
    for (let i = 0; i < 5; i++) {
      const delivered = await emulator.deliverPendingWebhooks();
      const ran = await ctx.deps.jobs.drain({ dueNow: true });
      if (!delivered && !ran) return;
    }
  }

  let plansSeeded: Record<string, string> | null = null;
  async function seedPlans() {
    if (plansSeeded) return plansSeeded;
    plansSeeded = {};
    for (const p of DEMO_PLANS) {
      const [row] = await ctx.sql<{ id: string }[]>`insert into plans (name, price_cents, interval, interval_count, category, welcome_package, auto_renewable)
        values (${p.name}, ${p.price_cents}, ${p.interval}, ${p.interval_count}, ${p.category}, ${p.welcome_package}, ${"auto_renewable" in p ? p.auto_renewable : true})
        returning id`;
      plansSeeded[p.name] = row.id;
    }
    return plansSeeded;
  }

  const closeApp = ctx.close;
  return Object.assign(ctx, {
    emulator,
    webhookSecret,
    setEdgeDown: (d: boolean) => void (down = d),
    settle,
    async advanceDays(days: number) {
      await emulator.clock.advance(days * 86400);
      await settle();
    },
    async doctorWithPlans(opts: { payout?: boolean } = {}) {
      const plans = await seedPlans();
      const doctor = await ctx.createUser("doctor", { stripe_account: "acct_test", is_active_stripe_account: opts.payout ?? true });
      for (const id of Object.values(plans)) {
        await ctx.sql`insert into membership_options (doctor_id, plan_id, enabled) values (${doctor.id}, ${id}, true)`;
      }
      return { doctor, plans };
    },
    close: async () => {
      await emulator.close();
      forwarder.closeAllConnections();
      await new Promise((resolve) => forwarder.close(resolve));
      await closeApp();
    },
  });
}

export function paymentsTest(name: string, fn: (t: Deno.TestContext, ctx: PaymentsContext) => Promise<void>, o: Partial<StripeEmulatorOptions> = {}) {
  Deno.test({ name, sanitizeOps: false, sanitizeResources: false }, async (t) => {
    const ctx = await createPaymentsContext(o);
    try {
      await fn(t, ctx);
    } finally {
      await ctx.close();
    }
  });
}

let keyCounter = 0;
export const idempotencyKey = () => `key-${crypto.randomUUID().replaceAll("-", "")}-${++keyCounter}`;
