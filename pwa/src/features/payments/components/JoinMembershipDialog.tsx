import { useEffect, useId, useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Card, Membership } from "../../../../../sync/schemas/membership.ts";
import type { CouponCheck } from "../../../../../sync/schemas/commerce.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { ApiError, errorMessage, isApiError } from "../../../lib/api/api-error.ts";
import { Dialog, EmptyState, LoadError, Spinner } from "../../../ui/index.ts";
import { usePaymentsConfig } from "../lib/config.ts";
import { membershipKeys, paymentsKeys } from "../lib/keys.ts";
import { MemberConfirmation } from "./JoinParts.tsx";
import { CardStep, ConfirmStep, NEW_CARD, PlanStep } from "./JoinSteps.tsx";
import { cardName, useCards, useInvalidateCards } from "./PaymentMethodsSection.tsx";
import { type ThreeDSecureChallenge, ThreeDSecureStep } from "./ThreeDSecureStep.tsx";

type Step = "plan" | "card" | "confirm" | "challenge" | "done";

/** A doctor's membership options (`GET /membershipOptions/doctor/:id`, public). */
export function useMembershipOptions(doctorId: string) {
  const api = useApi();
  return useQuery({
    queryKey: paymentsKeys.options(doctorId),
    queryFn: () =>
      api.GET("/membershipOptions/doctor/{id}", { path: { id: doctorId } }),
    enabled: !!doctorId,
  });
}

const newKey = () => `join-${crypto.randomUUID()}`;

/**
 * The join flow (02 §4, §7): plan → card (saved or new) → optional promo code →
 * confirm → `POST /payments/stripe/subscribe` (one idempotency key per attempt)
 * → 3-D Secure when the card asks for it → "You are now a member". Opened from
 * a doctor's public profile and by the upgrade dialog on 402 "Subscription required".
 */
export function JoinMembershipDialog(
  { doctorId, doctorName, open, onClose, initialPlanId = null, intro }: {
    doctorId: string;
    doctorName?: string;
    open: boolean;
    onClose: () => void;
    initialPlanId?: string | null;
    /** A line above the plans (the upgrade dialog says why a membership is needed). */
    intro?: string;
  },
) {
  const title = doctorName ? `Join ${doctorName}'s practice` : "Choose a membership";
  return (
    <Dialog open={open} title={title} onClose={onClose} wide>
      {open && (
        <JoinFlow
          doctorId={doctorId}
          initialPlanId={initialPlanId}
          intro={intro}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function JoinFlow({ doctorId, initialPlanId, intro, onClose }: {
  doctorId: string;
  initialPlanId: string | null;
  intro?: string;
  onClose: () => void;
}) {
  const api = useApi();
  const queries = useQueryClient();
  const options = useMembershipOptions(doctorId);
  const cards = useCards();
  const config = usePaymentsConfig();
  const invalidateCards = useInvalidateCards();
  const [step, setStep] = useState<Step>(initialPlanId ? "card" : "plan");
  const [planId, setPlanId] = useState<string | null>(initialPlanId);
  const [cardChoice, setCardChoice] = useState<string>("");
  const [newCard, setNewCard] = useState<string | null>(null);
  const [newCardShown, setNewCardShown] = useState<{ brand: string; last4: string } | null>(null);
  const [coupon, setCoupon] = useState<CouponCheck | null>(null);
  const [error, setError] = useState("");
  const [challenge, setChallenge] = useState<ThreeDSecureChallenge | null>(
    null,
  );
  const [member, setMember] = useState<Membership | null>(null);
  const key = useRef(newKey());
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  // Each step announces itself: focus moves to its heading (not on the first one, where the dialog places it).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const option = options.data?.find((o) => o.planId === planId) ?? null;
  const savedCards = cards.data ?? [];
  const chosenCard = cardChoice === NEW_CARD ? newCard : cardChoice || savedCards.find((c) => c.isDefault)?.id ||
    savedCards[0]?.id || null;
  const card: Pick<Card, "brand" | "last4"> | null = savedCards.find((c) => c.id === chosenCard) ?? null;

  const finish = async (m: Membership) => {
    setMember(m);
    setStep("done");
    await Promise.all([
      invalidateCards(),
      queries.invalidateQueries({ queryKey: paymentsKeys.memberships() }),
      // Settings' memberships and payment history (their own keys): the new membership and its payment at once.
      queries.invalidateQueries({ queryKey: membershipKeys.all }),
    ]);
  };
  const failed = (e: unknown) => {
    // A refused request is remembered under its key: the next try is a new request.
    if (!(isApiError(e) && e.isNetworkError)) key.current = newKey();
    setError(errorMessage(e));
  };

  const subscribe = useMutation({
    mutationFn: ({ planId, paymentMethodId }: { planId: string; paymentMethodId: string }) =>
      api.POST("/payments/stripe/subscribe", {
        body: {
          doctorId,
          planId,
          paymentMethodId,
          idempotencyKey: key.current,
          // Only when one was applied (the server checks it again).
          ...(coupon ? { coupon: coupon.name } : {}),
        },
      }),
    onSuccess: async (result) => {
      setError("");
      if (result.status === "active") return await finish(result.membership);
      setChallenge({
        intentId: result.intentId,
        clientSecret: result.clientSecret,
        actionUrl: result.actionUrl,
      });
      setStep("challenge");
    },
    onError: failed,
  });

  const confirmIntent = useMutation({
    mutationFn: async (intentId: string) => {
      const confirmed = await api.POST("/stripe/confirm/intent", { body: { intentId }, announce: false });
      // The route confirms a membership's payment or a service's charge: this intent is the membership's.
      if (!("planId" in confirmed)) throw new ApiError({ message: "The payment confirmed is not this membership's.", code: 502 });
      return confirmed;
    },
    onSuccess: finish,
    onError: (e) => {
      failed(e);
      setChallenge(null);
      setStep("confirm");
    },
  });

  const stepHeading = (text: string) => <h3 ref={heading} tabIndex={-1} id={headingId}>{text}</h3>;
  // Opened with a plan already chosen (from its card), the steps are card and confirm: numbered from 1, never "2." first.
  const numbered = (kind: "plan" | "card" | "confirm", text: string) => {
    const at = (initialPlanId ? ["card", "confirm"] : ["plan", "card", "confirm"]).indexOf(kind);
    return at < 0 ? text : `${at + 1}. ${text}`;
  };

  if (options.isPending) {
    return <Spinner label="Loading the membership options" />;
  }
  if (options.isError) return <LoadError error={options.error} onRetry={() => void options.refetch()} />;
  if (options.data.length === 0) {
    return <EmptyState title="This doctor offers no membership at the moment" />;
  }

  if (step === "done" && member) {
    return (
      <MemberConfirmation
        member={member}
        heading={stepHeading("You are now a member")}
        labelledBy={headingId}
        onClose={onClose}
      />
    );
  }

  if (step === "challenge" && challenge && config.data) {
    return (
      <div className="stack">
        {stepHeading("Confirm with your bank")}
        {confirmIntent.isPending ? <Spinner label="Finishing your membership" /> : (
          <ThreeDSecureStep
            config={config.data}
            challenge={challenge}
            onFinished={(outcome) => {
              // Either way the edge is told: it reads the intent from the processor and, when the bank refused,
              // removes the half-made subscription and answers the card message (shown by confirmIntent's onError).
              if (!outcome.ok) setError(outcome.message);
              confirmIntent.mutate(challenge.intentId);
            }}
          />
        )}
      </div>
    );
  }

  if (step === "plan" || !option) {
    return (
      <PlanStep
        options={options.data}
        planId={planId}
        onPick={setPlanId}
        intro={intro}
        heading={stepHeading(numbered("plan", "Choose a plan"))}
        labelledBy={headingId}
        error={error}
        onContinue={() => {
          if (!planId) return setError("Choose a plan");
          setError("");
          setStep("card");
        }}
      />
    );
  }

  if (step === "card") {
    return (
      <CardStep
        option={option}
        cards={cards}
        choice={cardChoice}
        chosenCard={chosenCard}
        heading={stepHeading(numbered("card", "Choose a card"))}
        onChoose={setCardChoice}
        onNewCard={(id, shown) => {
          setNewCard(id);
          setNewCardShown(shown);
          setCardChoice(NEW_CARD);
          key.current = newKey();
          setStep("confirm");
        }}
        onContinue={() => {
          key.current = newKey();
          setStep("confirm");
        }}
        onBack={() => setStep("plan")}
      />
    );
  }

  // step === "confirm"
  return (
    <ConfirmStep
      option={option}
      coupon={coupon}
      onCoupon={setCoupon}
      cardLabel={card ? cardName(card) : newCardShown ? cardName(newCardShown) : "The new card you entered"}
      heading={stepHeading(numbered("confirm", "Confirm"))}
      error={error}
      paying={subscribe.isPending}
      canPay={!!chosenCard}
      // The plan is the option's; the button is disabled without a card.
      onPay={() => chosenCard && subscribe.mutate({ planId: option.planId, paymentMethodId: chosenCard })}
      onBack={() => {
        setError("");
        setStep("card");
      }}
    />
  );
}
