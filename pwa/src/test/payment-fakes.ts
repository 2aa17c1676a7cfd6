/**
 * Test stand-ins for the two outside parties of the card module: the edge's
 * answers (through the app's own fetch stub, ./helpers.tsx) and the
 * Stripe-API emulator's HTTP answers (the global fetch the module calls), with
 * every request recorded so tests can prove where the card number went.
 */
import type { Card, MembershipOption } from "../../../sync/schemas/membership.ts";
import type { PaymentsConfig } from "../features/payments/index.ts";

export const EMULATOR_URL = "http://127.0.0.1:12111";
export const EMULATOR_CONFIG: PaymentsConfig = {
  publishableKey: "pk_test_emulator",
  cardEntry: "emulator",
  emulatorUrl: EMULATOR_URL,
  currency: "usd",
  locale: "en",
};

export type EmulatorCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams | null;
  authorization: string | null;
};
type Answer = { status?: number; body: unknown };

/** A fake emulator: `answers["POST /v1/payment_methods"]` returns what the emulator would. */
export function createEmulatorFake(answers: Record<string, (call: EmulatorCall) => Answer>) {
  const calls: EmulatorCall[] = [];
  const fetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    if (url.origin !== EMULATOR_URL) return Promise.reject(new TypeError(`unexpected request to ${url.origin}`));
    const call: EmulatorCall = {
      method: (init.method ?? "GET").toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      form: init.body instanceof URLSearchParams ? init.body : null,
      authorization: new Headers(init.headers).get("authorization"),
    };
    calls.push(call);
    const handler = answers[`${call.method} ${call.path}`];
    const answer = handler ? handler(call) : { status: 404, body: { error: { message: "No such route" } } };
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { "content-type": "application/json" },
      }),
    );
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

export const card = (patch: Partial<Card> = {}): Card => ({
  id: "pm_saved_visa",
  brand: "visa",
  last4: "4242",
  expMonth: 4,
  expYear: 2031,
  isDefault: true,
  ...patch,
});

export const option = (patch: Partial<MembershipOption> = {}): MembershipOption => ({
  planId: "11111111-1111-4111-8111-111111111111",
  doctorId: "22222222-2222-4222-8222-222222222222",
  name: "Primary care — 3 months",
  description: "Unlimited messaging and video visits with your primary care doctor.",
  interval: "month",
  intervalCount: 3,
  welcomePackage: true,
  enabled: true,
  trialDays: 0,
  priceCents: 14700,
  initialPriceCents: null,
  previousPriceCents: null,
  priceAppliesAt: null,
  autoRenewable: true,
  loyalClientsOnly: false,
  placesLeft: null,
  ...patch,
});
