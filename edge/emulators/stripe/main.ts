/**
 * Standalone Stripe emulator: `deno run --allow-all edge/emulators/stripe/main.ts`.
 * Environment: STRIPE_EMULATOR_PORT (12111), STRIPE_EMULATOR_HOST (127.0.0.1), STRIPE_WEBHOOK_URL,
 * STRIPE_WEBHOOK_SECRET (whsec_emulator), STRIPE_EMULATOR_DATA (a JSON file to keep state; none = memory only).
 */
import { startStripeEmulator } from "./server.ts";

const env = (name: string) => Deno.env.get(name) || undefined;
const emulator = await startStripeEmulator({
  port: Number(env("STRIPE_EMULATOR_PORT") ?? 12111),
  hostname: env("STRIPE_EMULATOR_HOST"),
  webhookUrl: env("STRIPE_WEBHOOK_URL"),
  webhookSecret: env("STRIPE_WEBHOOK_SECRET") ?? "whsec_emulator",
  dataFile: env("STRIPE_EMULATOR_DATA"),
});
console.log(`Stripe emulator on ${emulator.url} (publishable key ${emulator.publishableKey}, any sk_test_… secret key)`);
const stop = async () => {
  await emulator.close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
