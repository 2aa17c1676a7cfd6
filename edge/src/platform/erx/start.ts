/**
 * The e-prescribing client of this process: the vendor's when ERX_BASE_URL is
 * configured, else (npm start, the demo) the local emulator started here with
 * credentials made for this run, its callbacks to this edge.
 */
import type { Config } from "../../config.ts";
import type { Logger } from "../log.ts";
import { randomSecret } from "../../access/tokens.ts";
import { serveErxEmulator } from "../../../emulators/erx/emulator.ts";
import { createDoseSpotErx } from "./dosespot-client.ts";
import type { Erx } from "./erx.ts";

export function erxFromConfig(config: Config): Erx | null {
  if (!config.ERX_BASE_URL) return null;
  return createDoseSpotErx({
    baseUrl: config.ERX_BASE_URL, clinicId: config.ERX_CLINIC_ID!, clinicKey: config.ERX_CLINIC_KEY!, userId: config.ERX_USER_ID!,
    subscriptionKey: config.ERX_SUBSCRIPTION_KEY, webhookSecret: config.ERX_WEBHOOK_SECRET!,
  });
}

export async function startErx(config: Config, log: Logger): Promise<{ erx: Erx; setEdgeOrigin(origin: string): void; stop(): Promise<void> }> {
  const configured = erxFromConfig(config);
  if (configured) return { erx: configured, setEdgeOrigin() {}, stop: () => Promise.resolve() };
  const creds = { clinicId: "demo-clinic", clinicKey: randomSecret(), userId: "demo-user", webhookSecret: randomSecret() };
  const emulator = await serveErxEmulator({ ...creds, callbackUrl: null, delayMs: config.ERX_EMULATOR_DELAY_MS });
  log.info("e-prescribing emulator started (no ERX_BASE_URL)", { url: emulator.url, delayMs: config.ERX_EMULATOR_DELAY_MS });
  return {
    erx: createDoseSpotErx({ baseUrl: emulator.url, ...creds }),
    setEdgeOrigin: (origin) => emulator.setCallbackUrl(`${origin}/api/v1/erx/callbacks`),
    stop: () => emulator.close(),
  };
}
