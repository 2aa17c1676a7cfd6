/**
 * Stripe's documented test cards (https://docs.stripe.com/testing) and the `pm_card_*` test ids, with what each does.
 *  - attach:  "decline" cards fail when attached to a customer (Stripe validates the card then), like Stripe.
 *  - charge:  what a payment does; "auth_setup" needs 3-D Secure on-session until it has been authenticated once,
 *             "auth_always" needs 3-D Secure on every on-session payment and declines off-session payments with
 *             authentication_required.
 */
export type CardOutcome =
  | { kind: "ok" }
  | { kind: "decline"; code: string; decline_code: string; message: string }
  | { kind: "auth_setup" }
  | { kind: "auth_always" };

export type TestCard = {
  number: string;
  brand: string;
  funding: "credit" | "debit";
  /** Outcome when attached or set up. */
  attach: CardOutcome;
  /** Outcome of a payment. */
  charge: CardOutcome;
};

const OK: CardOutcome = { kind: "ok" };
export const DECLINES = {
  generic: { kind: "decline", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  insufficient: {
    kind: "decline",
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  expired: { kind: "decline", code: "expired_card", decline_code: "expired_card", message: "Your card has expired." },
  cvc: { kind: "decline", code: "incorrect_cvc", decline_code: "incorrect_cvc", message: "Your card's security code is incorrect." },
  authentication: {
    kind: "decline",
    code: "authentication_required",
    decline_code: "authentication_required",
    message: "Your card was declined. This transaction requires authentication.",
  },
} as const satisfies Record<string, CardOutcome>;

function card(number: string, brand: string, attach: CardOutcome, charge: CardOutcome, funding: "credit" | "debit" = "credit"): TestCard {
  return { number, brand, funding, attach, charge };
}

export const TEST_CARDS: Record<string, TestCard> = {
  "4242424242424242": card("4242424242424242", "visa", OK, OK),
  "4000056655665556": card("4000056655665556", "visa", OK, OK, "debit"),
  "5555555555554444": card("5555555555554444", "mastercard", OK, OK),
  "378282246310005": card("378282246310005", "amex", OK, OK),
  "4000000000000002": card("4000000000000002", "visa", DECLINES.generic, DECLINES.generic),
  "4000000000009995": card("4000000000009995", "visa", DECLINES.insufficient, DECLINES.insufficient),
  "4000000000000069": card("4000000000000069", "visa", DECLINES.expired, DECLINES.expired),
  "4000000000000127": card("4000000000000127", "visa", DECLINES.cvc, DECLINES.cvc),
  // Attaches fine, every later charge is declined: the card that "fails at renewal".
  "4000000000000341": card("4000000000000341", "visa", OK, DECLINES.generic),
  "4000002500003155": card("4000002500003155", "visa", { kind: "auth_setup" }, { kind: "auth_setup" }),
  "4000002760003184": card("4000002760003184", "visa", { kind: "auth_always" }, { kind: "auth_always" }),
  "4000000000003220": card("4000000000003220", "visa", { kind: "auth_always" }, { kind: "auth_always" }),
};

/** Stripe's `pm_card_*` test payment method ids → the card they stand for. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_visa_debit: "4000056655665556",
  pm_card_mastercard: "5555555555554444",
  pm_card_amex: "378282246310005",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_visa_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_visa_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_chargeDeclinedExpiredCard: "4000000000000069",
  pm_card_visa_chargeDeclinedExpiredCard: "4000000000000069",
  pm_card_chargeDeclinedIncorrectCvc: "4000000000000127",
  pm_card_visa_chargeDeclinedIncorrectCvc: "4000000000000127",
  pm_card_chargeCustomerFail: "4000000000000341",
  pm_card_authenticationRequiredOnSetup: "4000002500003155",
  pm_card_authenticationRequired: "4000002760003184",
  pm_card_threeDSecure2Required: "4000000000003220",
};

/** Any other Luhn-valid number behaves like 4242 with the brand guessed from its first digit. */
export function testCard(number: string): TestCard | undefined {
  const known = TEST_CARDS[number];
  if (known) return known;
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) return undefined;
  const brand = number.startsWith("4") ? "visa" : number.startsWith("5") ? "mastercard" : number.startsWith("3") ? "amex" : "unknown";
  return card(number, brand, OK, OK);
}

export function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
