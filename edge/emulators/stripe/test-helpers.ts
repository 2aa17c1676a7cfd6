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
