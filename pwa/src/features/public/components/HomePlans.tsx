/**
 * The landing page's "Memberships": the plans the admin marks "homepage" (`GET /plans/home`, public, cheapest
 * first) with price and interval. Loaded lazily below the fold (LandingPage.tsx), so the landing page's first
 * script carries neither this nor its request.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useApi } from "../../../lib/app-deps.tsx";
import { priceText, trialText } from "../../../lib/plan-price.ts";
import { PUBLIC_PATHS } from "../policies.ts";

export const homePlansKey = ["plans", "home"] as const;

export default function HomePlans() {
  const api = useApi();
  const plans = useQuery({ queryKey: homePlansKey, queryFn: () => api.GET("/plans/home") });
  return (
    <section aria-labelledby="landing-memberships" aria-busy={plans.isPending}>
      <h2 id="landing-memberships">Memberships</h2>
      {plans.isPending && <p role="status">Loading memberships…</p>}
      {plans.isError && (
        <div role="alert" className="public-home-plans__error">
          <p>We could not load the memberships just now.</p>
          <button type="button" className="public-button public-button--secondary" onClick={() => void plans.refetch()}>
            Try again
          </button>
        </div>
      )}
      {plans.data?.length === 0 && (
        <p>
          No memberships are featured right now. Each doctor's profile lists the memberships they offer:{" "}
          <Link to={PUBLIC_PATHS.doctors}>find a doctor</Link>.
        </p>
      )}
      {plans.data && plans.data.length > 0 && (
        <>
          <ul className="public-cards">
            {plans.data.map((plan) => {
              const trial = trialText(plan);
              return (
                <li key={plan.id} aria-labelledby={`home-plan-${plan.id}`}>
                  <h3 id={`home-plan-${plan.id}`}>{plan.name}</h3>
                  <p className="public-home-plans__price">{priceText(plan)}</p>
                  {trial && <p>{trial}</p>}
                  {plan.welcomePackage && <p>Welcome package included</p>}
                  {plan.description && <p>{plan.description}</p>}
                </li>
              );
            })}
          </ul>
          <p>
            Doctors may set their own prices: each doctor's profile shows theirs.{" "}
            <Link to={PUBLIC_PATHS.doctors}>Find a doctor</Link>
          </p>
        </>
      )}
    </section>
  );
}
