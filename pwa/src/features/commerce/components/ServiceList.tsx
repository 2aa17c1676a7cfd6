import type { PaidService } from "../../../../../sync/schemas/commerce.ts";
import { Button } from "../../../ui/index.ts";
import { formatUsd } from "../../../../../sync/rules/money.ts";

/** "Without a membership: $59.00. Members: $30.00." — the prices a service has (one may be missing: 02 §6). */
export function servicePriceText(s: Pick<PaidService, "nonSubscriberPriceCents" | "subscriberPriceCents">): string {
  return [
    s.nonSubscriberPriceCents !== null ? `Without a membership: ${formatUsd(s.nonSubscriberPriceCents)}.` : null,
    s.subscriberPriceCents !== null ? `Members: ${formatUsd(s.subscriberPriceCents)}.` : null,
  ].filter(Boolean).join(" ");
}

/**
 * Paid services with their prices, each with "Request" when `onRequest` is given (the orders screen, a doctor's
 * profile, the homepage services). The request form itself lives on the orders screen only.
 */
export function ServiceList({ services, onRequest }: { services: PaidService[]; onRequest?: (s: PaidService) => void }) {
  return (
    <ul className="stack" style={{ listStyle: "none", padding: 0 }}>
      {services.map((s) => (
        <li key={s.id} className="ui-panel stack" aria-labelledby={`service-${s.id}`}>
          <h3 id={`service-${s.id}`}>{s.name}</h3>
          {s.description && <p>{s.description}</p>}
          <p>{servicePriceText(s)}</p>
          {onRequest && <div><Button onClick={() => onRequest(s)} aria-label={`Request ${s.name}`}>Request</Button></div>}
        </li>
      ))}
    </ul>
  );
}
