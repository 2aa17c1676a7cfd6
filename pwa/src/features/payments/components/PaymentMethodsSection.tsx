import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Card } from "../../../../../sync/schemas/membership.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, ConfirmDialog, EmptyState, LoadError, Spinner, useSnackbar } from "../../../ui/index.ts";
import { paymentsKeys } from "../lib/keys.ts";
import { CardEntry } from "./CardEntry.tsx";

const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};
/** "Visa ending in 4242". */
export const cardName = (c: Pick<Card, "brand" | "last4">) => `${BRANDS[c.brand] ?? (c.brand || "Card")} ending in ${c.last4}`;
export const cardExpiry = (c: Pick<Card, "expMonth" | "expYear">) =>
  `${String(c.expMonth).padStart(2, "0")}/${String(c.expYear).slice(-2)}`;

/** The patient's saved cards (`GET /stripe/account/paymentMethods`), shared by Settings and the join flow. */
export function useCards() {
  const api = useApi();
  return useQuery({
    queryKey: paymentsKeys.cards(),
    queryFn: () => api.GET("/stripe/account/paymentMethods"),
  });
}

/** Everyone who shows cards reads them again. */
export function useInvalidateCards() {
  const queries = useQueryClient();
  return () => queries.invalidateQueries({ queryKey: paymentsKeys.cards() });
}

/** Settings → Payment methods (patients): list, add, delete, make default. */
export function PaymentMethodsSection() {
  const api = useApi();
  const notify = useSnackbar();
  const cards = useCards();
  const invalidate = useInvalidateCards();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Card | null>(null);

  const makeDefault = useMutation({
    mutationFn: (id: string) =>
      api.POST("/stripe/account/paymentMethods/default", {
        body: { paymentMethodId: id },
      }),
    onSuccess: async (_list, id) => {
      await invalidate();
      const card = cards.data?.find((c) => c.id === id);
      notify(
        card ? `${cardName(card)} is now your default card` : "Default card changed",
      );
    },
    onError: (e) => notify(errorMessage(e)),
  });

  const add = async (paymentMethodId: string) => {
    const card = await api.POST("/stripe/account/paymentMethods", {
      body: { paymentMethodId },
    });
    await invalidate();
    setAdding(false);
    notify(`${cardName(card)} saved`);
  };

  return (
    <div className="stack">
      {cards.isPending && <Spinner label="Loading your cards" />}
      {cards.isError && <LoadError error={cards.error} onRetry={() => void cards.refetch()} />}
      {cards.data && cards.data.length === 0 && !adding && (
        <EmptyState title="No saved cards">
          A card you save here can pay for memberships and services.
        </EmptyState>
      )}
      {cards.data && cards.data.length > 0 && (
        <ul className="stack payment-cards" aria-label="Saved cards">
          {cards.data.map((c) => (
            <li
              key={c.id}
              className="payment-card"
              aria-label={cardName(c)}
            >
              <div>
                <strong>{cardName(c)}</strong>
                {c.isDefault && <span className="payment-card__default">&nbsp;· Default</span>}
                <div className="muted">Expires {cardExpiry(c)}</div>
              </div>
              <div className="row">
                {!c.isDefault && (
                  <Button
                    variant="secondary"
                    loading={makeDefault.isPending &&
                      makeDefault.variables === c.id}
                    onClick={() => makeDefault.mutate(c.id)}
                    aria-label={`Make ${cardName(c)} the default card`}
                  >
                    Make default
                  </Button>
                )}
                <Button
                  variant="danger"
                  onClick={() => setDeleting(c)}
                  aria-label={`Delete ${cardName(c)}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {adding
        ? (
          <CardEntry
            label="New card"
            submitLabel="Save card"
            onCard={add}
            onCancel={() => setAdding(false)}
          />
        )
        : !cards.isPending && (
          <div>
            <Button onClick={() => setAdding(true)}>Add a card</Button>
          </div>
        )}
      {deleting && (
        <ConfirmDialog
          title="Delete this card?"
          summary={`${cardName(deleting)} will no longer be saved.${
            deleting.isDefault ? " Another saved card becomes the default." : ""
          }`}
          confirmLabel="Delete card"
          danger
          onConfirm={async () => {
            await api.DELETE("/stripe/account/paymentMethods/{id}", {
              path: { id: deleting.id },
            });
            await invalidate();
            notify(`${cardName(deleting)} deleted`);
          }}
          onClose={() => setDeleting(null)}
          describeFailure={errorMessage}
        />
      )}
    </div>
  );
}
