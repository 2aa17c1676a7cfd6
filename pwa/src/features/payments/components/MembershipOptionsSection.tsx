import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/app-deps.tsx";
import { Button, EmptyState, LoadError, Spinner } from "../../../ui/index.ts";
import { paymentsKeys } from "../lib/keys.ts";
import { limitTexts, priceText, trialText } from "../../../lib/plan-price.ts";
import { useMembershipOptions } from "./JoinMembershipDialog.tsx";

const MEMBER_STATUSES = new Set(["active", "trialing", "pastDue", "cancelled"]);

/** The patient's memberships (`GET /payments/stripe/subscribe`). */
export function useMyMemberships(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: paymentsKeys.memberships(),
    queryFn: () => api.GET("/payments/stripe/subscribe"),
    enabled,
  });
}

/**
 * A doctor's membership options on their public profile: name, price and
 * interval, trial, welcome package. `onJoin(planId)` starts the join flow (the
 * page decides: the dialog for a patient, the sign-in dialog for a guest);
 * without it (doctors, admins) the prices are shown only.
 */
export function MembershipOptionsSection(
  { doctorId, doctorName, onJoin, guest = false, patient = false }: {
    doctorId: string;
    doctorName: string;
    onJoin?: (planId: string | null) => void;
    guest?: boolean;
    patient?: boolean;
  },
) {
  const options = useMembershipOptions(doctorId);
  const mine = useMyMemberships(patient);
  const membership = mine.data?.find((m) => m.doctorId === doctorId && MEMBER_STATUSES.has(m.status)) ?? null;

  return (
    <section className="stack" aria-labelledby="membership-options-title">
      <h2 id="membership-options-title">Membership</h2>
      {options.isPending && <Spinner label="Loading the membership options" />}
      {options.isError && <LoadError error={options.error} onRetry={() => void options.refetch()} />}
      {options.data && options.data.length === 0 && (
        <EmptyState
          title={`${doctorName} offers no membership at the moment`}
        />
      )}
      {membership && (
        <p role="status" data-testid="profile-membership">
          You are a member: {membership.planName}.
        </p>
      )}
      {options.data && options.data.length > 0 && (
        <>
          {guest && (
            <p className="muted">
              Sign in or create a free account to join {doctorName}'s practice.
            </p>
          )}
          <ul className="membership-options">
            {options.data.map((o) => {
              const trial = trialText(o);
              return (
                <li
                  key={o.planId}
                  className="stack membership-option"
                  aria-labelledby={`option-${o.planId}`}
                >
                  <h3 id={`option-${o.planId}`}>{o.name}</h3>
                  <p className="membership-option__price">{priceText(o)}</p>
                  {trial && <p>{trial}</p>}
                  {o.welcomePackage && <p>Welcome package included</p>}
                  {limitTexts(o, doctorName).map((text) => <p key={text}>{text}</p>)}
                  {o.description && <p className="muted">{o.description}</p>}
                  {onJoin && !membership && (
                    <div>
                      <Button
                        onClick={() => onJoin(o.planId)}
                        aria-label={`Join with ${o.name}`}
                        disabled={o.placesLeft === 0}
                      >
                        {guest ? "Sign in to join" : "Join"}
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
