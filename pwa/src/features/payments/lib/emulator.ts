/**
 * What Stripe.js does, against the local Stripe-API emulator (edge/emulators/stripe/README.md "Card entry in the
 * PWA"): the browser tokenizes the card there with the publishable key — the card number never reaches the edge
 * — and reads an intent's status with its client secret after the 3-D Secure page.
 */
import type { PaymentsConfig } from "./config.ts";

export type CardInput = {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
};

/** A refusal by the processor (or no answer from it), in words for the patient. */
export class CardEntryError extends Error {
  constructor(message: string, readonly code: string | null = null) {
    super(message);
    this.name = "CardEntryError";
  }
}

const UNREACHABLE = "The card service cannot be reached. Check your connection and try again.";

async function call<T>(
  config: PaymentsConfig,
  path: string,
  init: { method: "GET" | "POST"; body?: URLSearchParams },
): Promise<T> {
  if (!config.emulatorUrl) throw new CardEntryError(UNREACHABLE);
  let res: Response;
  try {
    res = await fetch(`${config.emulatorUrl}${path}`, {
      method: init.method,
      headers: {
        authorization: `Bearer ${config.publishableKey}`,
        ...(init.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: init.body,
    });
  } catch {
    throw new CardEntryError(UNREACHABLE);
  }
  const body = await res.json().catch(() => null) as {
    error?: { message?: string; code?: string };
  } | null;
  if (!res.ok || !body) {
    throw new CardEntryError(
      body?.error?.message ?? UNREACHABLE,
      body?.error?.code ?? null,
    );
  }
  return body as T;
}

/** `POST /v1/payment_methods` with the publishable key: the card's `pm_…` id. */
export async function tokenizeCard(
  config: PaymentsConfig,
  card: CardInput,
): Promise<string> {
  const body = new URLSearchParams({
    type: "card",
    "card[number]": card.number.replace(/\D/g, ""),
    "card[exp_month]": String(card.expMonth),
    "card[exp_year]": String(card.expYear),
    "card[cvc]": card.cvc,
  });
  const pm = await call<{ id: string }>(config, "/v1/payment_methods", {
    method: "POST",
    body,
  });
  return pm.id;
}

export type IntentStatus = { status: string };

/** `GET /v1/payment_intents/{id}?client_secret=…` with the publishable key. */
export async function intentStatus(
  config: PaymentsConfig,
  intentId: string,
  clientSecret: string,
): Promise<IntentStatus> {
  const q = new URLSearchParams({ client_secret: clientSecret });
  const pi = await call<{ status: string }>(
    config,
    `/v1/payment_intents/${encodeURIComponent(intentId)}?${q}`,
    { method: "GET" },
  );
  return { status: pi.status };
}
