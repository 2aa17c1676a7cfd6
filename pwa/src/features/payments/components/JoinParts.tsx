/** The join flow's smaller pieces (./JoinMembershipDialog.tsx): a plan choice, the summary, the promo code, the confirmation. */
import { type ReactNode, useId, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router";
import type { Membership, MembershipOption } from "../../../../../sync/schemas/membership.ts";
import type { CouponCheck } from "../../../../../sync/schemas/commerce.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, TextField } from "../../../ui/index.ts";
import { chargesWith, firstPaymentCents, intervalText, limitTexts, priceText, trialText } from "../../../lib/plan-price.ts";
import { formatUsd } from "../../../../../sync/rules/money.ts";

const longDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

/** One plan as a radio choice: name, price and interval, trial, welcome package, description. */
export function PlanChoice({ option, checked, onPick }: { option: MembershipOption; checked: boolean; onPick: () => void }) {
  const id = useId();
  const trial = trialText(option);
  const limits = limitTexts(option);
  return (
    <label className={`join-plan${checked ? " join-plan--chosen" : ""}`} htmlFor={id}>
      <input id={id} type="radio" name="join-plan" checked={checked} onChange={onPick} aria-describedby={`${id}-price`}
        disabled={option.placesLeft === 0} />
      <span className="stack" style={{ gap: "var(--space-1)" }}>
        <strong>{option.name}</strong>
        <span id={`${id}-price`}>
          {priceText(option)}
          {trial ? `. ${trial}` : ""}
          {option.welcomePackage ? ". Welcome package included" : ""}
          {limits.length > 0 ? `. ${limits.join(". ")}` : ""}
        </span>
        {option.description && <span className="muted">{option.description}</span>}
      </span>
    </label>
  );
}

/** What the patient is about to pay for; with a promo code, the discounted price beside the usual one. */
export function JoinSummary(
  { option, coupon, cardLabel }: { option: MembershipOption; coupon: CouponCheck | null; cardLabel: string },
) {
  const { first, firstBefore, renewal } = chargesWith(option, coupon);
  const trial = trialText(option);
  return (
    <dl className="join-summary">
      <dt>Plan</dt>
      <dd>{option.name}</dd>
      <dt>Price</dt>
      <dd data-testid="join-price">
        {coupon
          ? (
            <>
              {formatUsd(first)} <s aria-label={`was ${formatUsd(firstBefore)}`}>{formatUsd(firstBefore)}</s>
              {" "}
              {firstPaymentCents(option) !== null
                ? `first payment, then ${formatUsd(renewal)} ${intervalText(option)}`
                : `${intervalText(option)}${coupon.duration === "once" ? ` for the first payment, then ${formatUsd(renewal)}` : ""}`}
            </>
          )
          : priceText(option)}
      </dd>
      {trial && (
        <>
          <dt>Trial</dt>
          <dd>{trial}</dd>
        </>
      )}
      {option.welcomePackage && (
        <>
          <dt>Welcome package</dt>
          <dd>Included</dd>
        </>
      )}
      <dt>Card</dt>
      <dd>{cardLabel}</dd>
    </dl>
  );
}

/** The optional promo code, checked with `GET /coupons/check/{code}`; `onChange` gets the applied code or null. */
export function PromoCode({ onChange }: { onChange: (coupon: CouponCheck | null) => void }) {
  const api = useApi();
  const [code, setCode] = useState("");
  const [applied, setApplied] = useState<CouponCheck | null>(null);
  const [error, setError] = useState("");
  const apply = (c: CouponCheck | null) => {
    setApplied(c);
    onChange(c);
  };
  const check = useMutation({
    mutationFn: (c: string) => api.GET("/coupons/check/{code}", { path: { code: c } }),
    onSuccess: (c) => {
      apply(c);
      setError("");
    },
    onError: (e) => {
      apply(null);
      setError(errorMessage(e));
    },
  });
  return (
    <>
      <form
        className="row"
        style={{ alignItems: "flex-end" }}
        aria-label="Promo code"
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) check.mutate(code.trim());
        }}
      >
        <TextField
          label="Promo code (optional)"
          value={code}
          onChange={(v) => {
            setCode(v);
            if (applied) apply(null);
            setError("");
          }}
          error={error}
          maxLength={40}
        />
        <Button type="submit" variant="secondary" loading={check.isPending}>Apply</Button>
      </form>
      {applied && <p role="status" data-testid="join-coupon">{applied.name}: {applied.percentageDiscount}% off</p>}
    </>
  );
}

/** "You are now a member": the plan, the next charge (amount and date) and where to manage it. */
export function MemberConfirmation({ member, heading, labelledBy, onClose }: {
  member: Membership;
  heading: ReactNode;
  labelledBy: string;
  onClose: () => void;
}) {
  return (
    <div className="stack" role="status" aria-labelledby={labelledBy}>
      {heading}
      <p data-testid="member-plan">{member.planName} with Dr. {member.doctorName}.</p>
      {member.currentPeriodEnd && !member.renews && (
        <p data-testid="member-next-charge">
          Access until {longDate(member.currentPeriodEnd)}. This plan does not renew: nothing more is charged.
        </p>
      )}
      {member.currentPeriodEnd && member.renews && (
        <p data-testid="member-next-charge">
          Next charge: {formatUsd(member.amountCents)} on {longDate(member.currentPeriodEnd)}
          {member.status === "trialing" ? " (after your free trial)" : ""}.
        </p>
      )}
      <div className="row">
        <Link to="/settings#my-membership" onClick={onClose}>Manage your membership in Settings</Link>
        <Button variant="secondary" onClick={onClose}>Close</Button>
      </div>
    </div>
  );
}
