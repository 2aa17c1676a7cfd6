/**
 * Runs the e-prescribing emulator on its own: `deno run --allow-net --allow-env edge/emulators/erx/main.ts`.
 * Environment: ERX_EMULATOR_PORT (default 8790), ERX_CLINIC_ID, ERX_CLINIC_KEY, ERX_USER_ID,
 * ERX_WEBHOOK_SECRET, ERX_CALLBACK_URL, ERX_EMULATOR_DELAY_MS (default 3000).
 */
import { serveErxEmulator } from "./emulator.ts";

const env = Deno.env.toObject();
const served = await serveErxEmulator({
  port: Number(env.ERX_EMULATOR_PORT ?? 8790),
  clinicId: env.ERX_CLINIC_ID ?? "demo-clinic",
  clinicKey: env.ERX_CLINIC_KEY ?? "demo-clinic-key",
  userId: env.ERX_USER_ID ?? "demo-user",
  webhookSecret: env.ERX_WEBHOOK_SECRET ?? "demo-webhook-secret",
  callbackUrl: env.ERX_CALLBACK_URL ?? null,
  delayMs: Number(env.ERX_EMULATOR_DELAY_MS ?? 3000),
});
console.log(`e-prescribing emulator on ${served.url}`);
