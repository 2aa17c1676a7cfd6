import { useEffect, useRef, useState } from "react";
import { Button, Spinner } from "../../../ui/index.ts";
import { cardEntryPath, type PaymentsConfig } from "../lib/config.ts";
import { CardEntryError, intentStatus } from "../lib/emulator.ts";

/** What the edge answers when a card needs 3-D Secure (`SubscribeResult` "requiresAction", and later paid services). */
export type ThreeDSecureChallenge = {
  intentId: string;
  clientSecret: string | null;
  actionUrl: string | null;
};

/** `authenticated`: the bank's step is over (the edge still decides: call its confirm next); `failed`: it was refused. */
export type ThreeDSecureOutcome = { ok: true } | { ok: false; message: string };

const FAILED = "Your bank did not confirm this payment. Nothing was charged. Try again or use another card.";

/**
 * Reads where an intent stands after the bank's page: `null` while it still waits for the patient, else the outcome.
 * On the emulator this asks the emulator with the publishable key and the client secret (as Stripe.js would).
 */
export async function challengeOutcome(
  config: PaymentsConfig,
  challenge: ThreeDSecureChallenge,
): Promise<ThreeDSecureOutcome | null> {
  if (!challenge.clientSecret) return { ok: true }; // nothing to read here: the edge's confirm answers
  const { status } = await intentStatus(
    config,
    challenge.intentId,
    challenge.clientSecret,
  );
  if (status === "requires_action") return null;
  if (status === "requires_payment_method" || status === "canceled") {
    // Stripe's own error text here is written for developers ("The provided PaymentMethod has failed authentication…").
    return { ok: false, message: FAILED };
  }
  return { ok: true };
}

/**
 * The 3-D Secure step of a card payment. On the emulator: its challenge page
 * (`/_emulator/3ds/{id}`) in a frame (the CSP allows the emulator's origin),
 * read again each time the frame loads and when the patient says they are done;
 * with a real Stripe key: Stripe.js's own `handleNextAction`, loaded lazily.
 * Reusable by any payment that answers a challenge (memberships and paid services).
 */
export function ThreeDSecureStep({ config, challenge, onFinished }: {
  config: PaymentsConfig;
  challenge: ThreeDSecureChallenge;
  onFinished: (outcome: ThreeDSecureOutcome) => void;
}) {
  return cardEntryPath(config) === "elements"
    ? (
      <StripeJsChallenge
        config={config}
        challenge={challenge}
        onFinished={onFinished}
      />
    )
    : (
      <EmulatorChallenge
        config={config}
        challenge={challenge}
        onFinished={onFinished}
      />
    );
}

function EmulatorChallenge(
  { config, challenge, onFinished }: Parameters<typeof ThreeDSecureStep>[0],
) {
  const [checking, setChecking] = useState(false);
  const [note, setNote] = useState("");
  const finished = useRef(false);

  // The frame's own load checks quietly: the button stays usable meanwhile (a click the moment the frame
  // loaded was swallowed by the button turning busy), and only the patient's check shows as busy.
  const check = async (byUser: boolean) => {
    if (finished.current) return;
    if (byUser) setChecking(true);
    try {
      const outcome = await challengeOutcome(config, challenge);
      if (outcome && !finished.current) {
        finished.current = true;
        onFinished(outcome);
        return;
      }
      if (byUser) {
        setNote("Your bank is still waiting: complete the check above first.");
      }
    } catch (e) {
      if (byUser) {
        setNote(
          e instanceof CardEntryError ? e.message : "Could not check the payment. Try again.",
        );
      }
    } finally {
      if (byUser) setChecking(false);
    }
  };

  if (!challenge.actionUrl) {
    return (
      <p role="alert">
        Your bank asks for a confirmation this app cannot show. Nothing was charged; please use another card.
      </p>
    );
  }
  return (
    <div className="stack" data-testid="three-d-secure">
      <p id="three-d-secure-help">
        Your bank asks you to confirm this payment. Complete the check below; nothing is charged until you do.
      </p>
      <iframe
        className="three-d-secure__frame"
        src={challenge.actionUrl}
        title="Card authentication by your bank"
        aria-describedby="three-d-secure-help"
        onLoad={() => void check(false)}
      />
      <div className="row">
        <Button
          variant="secondary"
          loading={checking}
          onClick={() => void check(true)}
        >
          I have completed the check
        </Button>
        <a href={challenge.actionUrl} target="_blank" rel="noopener noreferrer">
          Open the check in a new window
        </a>
      </div>
      {note && <p role="status">{note}</p>}
    </div>
  );
}

function StripeJsChallenge(
  { config, challenge, onFinished }: Parameters<typeof ThreeDSecureStep>[0],
) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      if (!challenge.clientSecret) {
        return onFinished({ ok: false, message: FAILED });
      }
      const { loadStripe } = await import("@stripe/stripe-js/pure");
      const stripe = await loadStripe(config.publishableKey);
      if (!stripe) {
        return onFinished({
          ok: false,
          message: "The card service could not be loaded. Try again.",
        });
      }
      const result = await stripe.handleNextAction({
        clientSecret: challenge.clientSecret,
      });
      onFinished(
        result.error ? { ok: false, message: result.error.message ?? FAILED } : { ok: true },
      );
    })().catch(() =>
      onFinished({
        ok: false,
        message: "The card service could not be loaded. Try again.",
      })
    );
  }, [config.publishableKey, challenge.clientSecret, onFinished]);
  return <Spinner label="Waiting for your bank's confirmation" />;
}
