/**
 * The join flow's steps as the patient sees them (./JoinMembershipDialog.tsx holds their state and the calls):
 * choose a plan, choose a card (saved or new), confirm and pay.
 */
import type { ReactNode } from "react";
import type { MembershipOption } from "../../../../../sync/schemas/membership.ts";
import type { CouponCheck } from "../../../../../sync/schemas/commerce.ts";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, Spinner } from "../../../ui/index.ts";
import { chargesWith, priceText, renewalText, trialText } from "../../../lib/plan-price.ts";
import { formatUsd } from "../../../../../sync/rules/money.ts";
import { CardEntry } from "./CardEntry.tsx";
import { JoinSummary, PlanChoice, PromoCode } from "./JoinParts.tsx";
import { cardExpiry, cardName, type useCards } from "./PaymentMethodsSection.tsx";

/** The card choice that stands for "a new card" (the saved ones are their ids). */
export const NEW_CARD = "new";

/** Step 1: the doctor's plans as radio choices. */
export function PlanStep({ options, planId, onPick, intro, heading, labelledBy, error, onContinue }: {
  options: MembershipOption[];
  planId: string | null;
  onPick: (planId: string) => void;
  intro?: string;
  heading: ReactNode;
  labelledBy: string;
  error: string;
  onContinue: () => void;
}) {
  return (
    <form
      className="stack"
      aria-labelledby={labelledBy}
      onSubmit={(e) => {
        e.preventDefault();
        onContinue();
      }}
    >
      {intro && <p>{intro}</p>}
      {heading}
      <fieldset className="stack join-plans">
        <legend className="visually-hidden">Membership plans</legend>
        {options.map((o) => (
          <PlanChoice
            key={o.planId}
            option={o}
            checked={planId === o.planId}
            onPick={() => onPick(o.planId)}
          />
        ))}
      </fieldset>
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="row">
        <Button type="submit">Continue</Button>
      </div>
    </form>
  );
}

/**
 * Step 2: a saved card (the default one chosen at first) or a new one entered here; with no saved card the entry
 * form shows at once. `choice` is the card picked by hand (an id or NEW_CARD), `chosenCard` the one that pays.
 */
export function CardStep({ option, cards, choice, chosenCard, heading, onChoose, onNewCard, onContinue, onBack }: {
  option: MembershipOption;
  cards: ReturnType<typeof useCards>;
  choice: string;
  chosenCard: string | null;
  heading: ReactNode;
  onChoose: (choice: string) => void;
  onNewCard: (id: string, shown: { brand: string; last4: string } | null) => void;
  onContinue: () => void;
  onBack: () => void;
}) {
  const savedCards = cards.data ?? [];
  const picking = choice === NEW_CARD ||
    (cards.data && savedCards.length === 0);
  return (
    <div className="stack">
      {heading}
      <p className="muted">{option.name}: {priceText(option)}</p>
      {cards.isPending && <Spinner label="Loading your cards" />}
      {cards.isError && <p role="alert">{errorMessage(cards.error)}</p>}
      {savedCards.length > 0 && (
        <fieldset className="stack">
          <legend>Pay with</legend>
          {savedCards.map((c) => (
            <label key={c.id} className="join-choice">
              <input
                type="radio"
                name="join-card"
                checked={chosenCard === c.id && choice !== NEW_CARD}
                onChange={() => onChoose(c.id)}
              />
              {cardName(c)}, expires {cardExpiry(c)}
              {c.isDefault ? " (default)" : ""}
            </label>
          ))}
          <label className="join-choice">
            <input
              type="radio"
              name="join-card"
              checked={choice === NEW_CARD}
              onChange={() => onChoose(NEW_CARD)}
            />
            A new card
          </label>
        </fieldset>
      )}
      {picking
        ? (
          <CardEntry
            label="New card"
            submitLabel="Use this card"
            onCard={(id, shown) => onNewCard(id, shown ?? null)}
            onCancel={onBack}
          />
        )
        : (
          <div className="row">
            <Button onClick={onContinue} disabled={!chosenCard}>
              Continue
            </Button>
            <Button variant="secondary" onClick={onBack}>
              Back
            </Button>
          </div>
        )}
    </div>
  );
}

/** Step 3: what is paid and when, an optional promo code, and the payment. */
export function ConfirmStep({ option, coupon, onCoupon, cardLabel, heading, error, paying, canPay, onPay, onBack }: {
  option: MembershipOption;
  coupon: CouponCheck | null;
  onCoupon: (coupon: CouponCheck | null) => void;
  cardLabel: string;
  heading: ReactNode;
  error: string;
  paying: boolean;
  canPay: boolean;
  onPay: () => void;
  onBack: () => void;
}) {
  // The first payment: the initial price if the option has one, less a promo code's percentage.
  const price = chargesWith(option, coupon).first;
  const trial = trialText(option);
  return (
    <div className="stack">
      {heading}
      <JoinSummary option={option} coupon={coupon} cardLabel={cardLabel} />
      <PromoCode onChange={onCoupon} />
      {error && (
        <p className="form-error" role="alert" data-testid="join-error">
          {error}
        </p>
      )}
      <p className="muted">
        {trial ? "Your card is charged when the trial ends" : "Your card is charged now"}, {renewalText(option)}
      </p>
      <div className="row">
        <Button onClick={onPay} loading={paying} disabled={!canPay}>
          {trial ? "Start membership" : `Pay ${formatUsd(price)} and join`}
        </Button>
        <Button variant="secondary" onClick={onBack} disabled={paying}>
          Back
        </Button>
      </div>
    </div>
  );
}
