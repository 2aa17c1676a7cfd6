/** The one answer to a card the processor refused (02 §5): 402 with the card's message and the processor's codes. */
import { AppError } from "../../http/errors.ts";
import { CardError } from "../../platform/payments/payments.ts";
import { cardMessage } from "../../platform/payments/stripe-payments.ts";

export const cardRefused = (e: CardError) =>
  new AppError(402, e.message, { reason: "CARD_ERROR", code: e.code, declineCode: e.declineCode });

/** A payment that did not succeed, as the card error it is (`card_declined` when the processor gave no code). */
export const refusedPayment = (code: string | null | undefined, declineCode: string | null | undefined) =>
  cardRefused(new CardError(code ?? "card_declined", declineCode ?? null, cardMessage(code ?? "card_declined", declineCode ?? null)));
