/**
 * The patient's cards (`/stripe/account/paymentMethods…`) and transactions
 * (`GET /payments/transactions`). A card is made by the browser at the
 * processor (Stripe.js or the emulator's card page): the edge only ever sees
 * its `pm_…` id. Adding a card while a membership is past due retries the
 * open invoice with it (the recovery of a failed renewal).
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { AppError, notFound } from "../../http/errors.ts";
import type { Card, PaymentsConfig, Transaction, TransactionsPage } from "../../../../sync/schemas/membership.ts";
import { CardError } from "../../platform/payments/payments.ts";
import { createCustomers } from "./customers.ts";

const noSuchCard = () => notFound("No such payment method");

export function createPaymentsService(deps: Pick<Deps, "sql" | "audit" | "payments">) {
  const { sql, audit, payments } = deps;
  const customers = createCustomers(deps);

  async function customer(actor: Actor) {
    const [me] = await sql<{ email: string; name: string }[]>`select email, first_name || ' ' || last_name as name from users where id = ${actor.userId}`;
    return await customers.ensure(actor.userId, me.email, me.name);
  }
  async function ownCard(actor: Actor, paymentMethodId: string) {
    const id = await customers.of(actor.userId);
    const cards = id ? await payments.listCards(id) : [];
    if (!id || !cards.some((c) => c.id === paymentMethodId)) throw noSuchCard();
    return id;
  }
  const record = (actor: Actor, what: string, details: Record<string, unknown>) =>
    audit.record({ event: "payment.write", actorId: actor.userId, subjectId: actor.userId, details: { what, ...details } });

  return {
    config(): PaymentsConfig {
      return {
        publishableKey: payments.publishableKey,
        cardEntry: payments.emulatorUrl ? "emulator" as const : "elements" as const,
        emulatorUrl: payments.emulatorUrl,
        currency: "usd",
        locale: "en",
      };
    },

    async cards(actor: Actor): Promise<Card[]> {
      const id = await customers.of(actor.userId);
      return id ? await payments.listCards(id) : [];
    },

    async addCard(actor: Actor, paymentMethodId: string): Promise<Card> {
      const id = await customer(actor);
      let card;
      try {
        card = await payments.attachCard(id, paymentMethodId);
      } catch (e) {
        if (e instanceof CardError) throw new AppError(402, e.message, { reason: "CARD_ERROR", code: e.code, declineCode: e.declineCode });
        throw e;
      }
      await record(actor, "card.add", { paymentMethodId: card.id, last4: card.last4 });
      const pastDue = await sql<{ subscription_id: string }[]>`select subscription_id from memberships
        where patient_id = ${actor.userId} and status = 'past_due'`;
      if (pastDue.length) {
        await payments.setDefaultCard(id, card.id);
        for (const m of pastDue) {
          try {
            await payments.retryWithCard(m.subscription_id, card.id);
          } catch (e) {
            if (e instanceof CardError) throw new AppError(402, e.message, { reason: "CARD_ERROR", code: e.code, declineCode: e.declineCode });
            throw e;
          }
          await record(actor, "invoice.retry", { subscriptionId: m.subscription_id, paymentMethodId: card.id });
        }
        return { ...card, isDefault: true };
      }
      return card;
    },

    async deleteCard(actor: Actor, paymentMethodId: string): Promise<{ deleted: string }> {
      const id = await ownCard(actor, paymentMethodId);
      await payments.detachCard(id, paymentMethodId);
      await record(actor, "card.delete", { paymentMethodId });
      return { deleted: paymentMethodId };
    },

    async makeDefault(actor: Actor, paymentMethodId: string): Promise<Card[]> {
      const id = await ownCard(actor, paymentMethodId);
      await payments.setDefaultCard(id, paymentMethodId);
      await record(actor, "card.default", { paymentMethodId });
      return await payments.listCards(id);
    },

    /** Newest first; `startingAfter` is the last id of the previous page. */
    async transactions(actor: Actor, q: { limit: number; startingAfter?: string }): Promise<TransactionsPage> {
      const rows = await sql<{
        id: string; type: Transaction["type"]; status: Transaction["status"]; amount_cents: number; refunded_cents: number; currency: string;
        doctor_id: string | null; plan_name: string | null; service_name: string | null; doctor_name: string | null; created_at: Date;
      }[]>`
        select t.id, t.type, t.status, t.amount_cents, t.refunded_cents, t.currency, t.doctor_id, p.name as plan_name,
          s.name as service_name, d.first_name || ' ' || d.last_name as doctor_name, t.created_at
        from payment_transactions t left join memberships m on m.id = t.membership_id left join plans p on p.id = m.plan_id
          left join service_requests r on r.id = t.service_request_id left join paid_services s on s.id = r.service_id
          left join users d on d.id = t.doctor_id
        where t.patient_id = ${actor.userId}
          and (${q.startingAfter ?? null}::uuid is null or (t.created_at, t.id) < (
            select created_at, id from payment_transactions where id = ${q.startingAfter ?? null}::uuid and patient_id = ${actor.userId}))
        order by t.created_at desc, t.id desc limit ${q.limit + 1}`;
      // What it paid for, in the patient's words: the plan or the service, and with whom (never just "Payment").
      const what = (r: (typeof rows)[number]) =>
        r.plan_name ? `${r.plan_name} membership` : r.service_name ?? (r.type === "membership" ? "Membership" : "Paid service");
      const list: Transaction[] = rows.slice(0, q.limit).map((r) => ({
        id: r.id, type: r.type, status: r.status, amountCents: r.amount_cents, refundedCents: r.refunded_cents, currency: r.currency,
        doctorId: r.doctor_id, description: r.doctor_name ? `${what(r)} with Dr. ${r.doctor_name}` : what(r),
        createdAt: r.created_at.toISOString(),
      }));
      return { list, hasMore: rows.length > q.limit, startingAfter: list.at(-1)?.id ?? null };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
