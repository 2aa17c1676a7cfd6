/**
 * The contract scenarios (contract-scenarios.ts) through the real SDK against the emulator and — when
 * STRIPE_SECRET_KEY holds a test-mode key (sk_test_…) — against Stripe itself, so the emulator's answers can be
 * compared with the vendor's.
 */
import Stripe from "stripe";
import { startForTest } from "./test-helpers.ts";
import { scenarios } from "./contract-scenarios.ts";

for (const scenario of scenarios) {
  Deno.test(`contract (emulator): ${scenario.name}`, async () => {
    const { emulator, stripe } = await startForTest();
    try {
      await scenario.run(stripe);
    } finally {
      await emulator.close();
    }
  });
}

const liveKey = Deno.env.get("STRIPE_SECRET_KEY") ?? "";
const useStripe = liveKey.startsWith("sk_test_");
if (!useStripe) {
  console.log("contract (Stripe test mode): skipped — set STRIPE_SECRET_KEY=sk_test_… (a test-mode key) to run these scenarios against Stripe itself.");
}
for (const scenario of scenarios) {
  Deno.test({
    name: `contract (Stripe test mode): ${scenario.name}`,
    ignore: !useStripe,
    fn: () => scenario.run(new Stripe(liveKey, { maxNetworkRetries: 2 })),
  });
}
