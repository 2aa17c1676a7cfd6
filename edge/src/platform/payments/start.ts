/**
 * Which processor the edge uses: Stripe when STRIPE_SECRET_KEY is set, else
 * the project's Stripe-API emulator, started here on a local port with its
 * webhooks sent to this edge — the same SDK either way.
 */
import type { Config } from "../../config.ts";
import type { Logger } from "../log.ts";
import { AppError } from "../../http/errors.ts";
import type { Payments } from "./payments.ts";
import { createStripePayments } from "./stripe-payments.ts";

/** The edge's webhook endpoint, under the API. */
export const WEBHOOK_PATH = "/api/v1/stripe/webhook";

export function paymentsFromConfig(config: Config): Payments {
  if (config.STRIPE_SECRET_KEY) {
    return createStripePayments({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
      apiBase: config.STRIPE_API_BASE ?? null,
    });
  }
  return unavailablePayments;
}

/** No processor configured and none started (some tests): every call answers 503, nothing is faked. */
const unavailable = (): never => {
  throw new AppError(503, "Payments are not available right now. Please try again later.", { reason: "PAYMENTS_UNAVAILABLE" });
};
export const unavailablePayments: Payments = new Proxy({ publishableKey: "", emulatorUrl: null } as Payments, {
  get: (target, key) => (key in target ? target[key as keyof Payments] : unavailable),
});

export type StartedPayments = { payments: Payments; emulator: { url: string; setWebhookUrl(url: string): void; close(): Promise<void> | void } | null };

/** main.ts: the SDK on Stripe, or on an emulator started now (its state kept in DATA_DIR). */
export async function startPayments(config: Config, log: Logger): Promise<StartedPayments> {
  if (config.STRIPE_SECRET_KEY) return { payments: paymentsFromConfig(config), emulator: null };
  const { startStripeEmulator } = await import("../../../emulators/stripe/server.ts");
  const webhookSecret = `whsec_${crypto.randomUUID().replaceAll("-", "")}`;
  const apiKey = `sk_test_emulator_${crypto.randomUUID().replaceAll("-", "")}`;
  await Deno.mkdir(config.DATA_DIR, { recursive: true });
  const emulator = await startStripeEmulator({
    port: 0,
    hostname: "127.0.0.1",
    webhookSecret,
    apiKey,
    dataFile: `${config.DATA_DIR}/stripe-emulator.json`,
  });
  log.warn("STRIPE_SECRET_KEY is not set: payments use the local Stripe-API emulator", { url: emulator.url });
  const payments = createStripePayments({
    secretKey: apiKey,
    webhookSecret,
    publishableKey: emulator.publishableKey,
    apiBase: emulator.url,
    emulatorUrl: emulator.url,
  });
  return { payments, emulator };
}
