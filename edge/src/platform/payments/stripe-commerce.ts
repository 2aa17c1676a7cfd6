/** `CommercePayments` on the `stripe` SDK (see ./commerce.ts), spread into createStripePayments. */
import type Stripe from "stripe";
import { type ChargeState, type CommercePayments, type ConnectedAccountState, PayoutError, type PayoutState } from "./commerce.ts";
import { idOf, type Loose, rethrowCard, toDate } from "./stripe-shapes.ts";

const usd = (list: Loose[] | undefined) => (list ?? []).filter((b) => b.currency === "usd").reduce((n, b) => n + (b.amount ?? 0), 0);

/** An invoice's payment intent, wherever the API version puts its id. */
const intentOf = (invoice: Loose) => idOf(invoice.payment_intent) ?? idOf(invoice.payments?.data?.[0]?.payment?.payment_intent);

export function stripeCommerce(stripe: Stripe): CommercePayments {
  const toAccount = (a: Loose): ConnectedAccountState => ({
    id: a.id,
    chargesEnabled: !!a.charges_enabled,
    payoutsEnabled: !!a.payouts_enabled,
    detailsSubmitted: !!a.details_submitted,
  });
  const toPayout = (p: Loose): PayoutState => ({
    id: p.id,
    amountCents: p.amount,
    status: p.status,
    arrivalDate: toDate(p.arrival_date),
    created: new Date(p.created * 1000),
  });

  return {
    async createPromotionCode({ key, code, percentOff, duration, maxRedemptions }) {
      const coupon = await stripe.coupons.create(
        { percent_off: percentOff, duration, name: code, metadata: { couponKey: key }, ...(maxRedemptions ? { max_redemptions: maxRedemptions } : {}) },
        { idempotencyKey: `coupon-${key}` },
      );
      const params = {
        promotion: { type: "coupon", coupon: coupon.id },
        code,
        metadata: { couponKey: key },
        ...(maxRedemptions ? { max_redemptions: maxRedemptions } : {}),
      } as unknown as Stripe.PromotionCodeCreateParams;
      const promo = await stripe.promotionCodes.create(params, { idempotencyKey: `promo-${key}` });
      return { couponId: coupon.id, promotionCodeId: promo.id };
    },
    async deactivatePromotionCode(promotionCodeId) {
      await stripe.promotionCodes.update(promotionCodeId, { active: false });
    },

    async createConnectedAccount({ userId, email }) {
      const account = await stripe.accounts.create(
        {
          type: "express",
          country: "US",
          email,
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { userId },
        },
        { idempotencyKey: `account-${userId}` },
      );
      return account.id;
    },
    async createAccountLink({ accountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({ account: accountId, type: "account_onboarding", return_url: returnUrl, refresh_url: refreshUrl });
      return link.url;
    },
    async createLoginLink(accountId) {
      return (await stripe.accounts.createLoginLink(accountId)).url;
    },
    async retrieveAccount(accountId) {
      return toAccount(await stripe.accounts.retrieve(accountId) as unknown as Loose);
    },
    toAccount,

    async chargeForDoctor(i): Promise<ChargeState> {
      const pi = await rethrowCard(() =>
        stripe.paymentIntents.create({
          amount: i.amountCents,
          currency: "usd",
          customer: i.customerId,
          payment_method: i.paymentMethodId,
          confirm: true,
          // The card is entered by the patient now; no redirect-based methods.
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          application_fee_amount: i.applicationFeeCents,
          transfer_data: { destination: i.destinationAccountId },
          description: i.description,
          metadata: i.metadata,
        }, { idempotencyKey: i.idempotencyKey })
      ) as unknown as Loose;
      return { intentId: pi.id, status: pi.status, chargeId: idOf(pi.latest_charge), clientSecret: pi.client_secret ?? null };
    },
    async cancelIntent(intentId) {
      const pi = await stripe.paymentIntents.retrieve(intentId) as unknown as Loose;
      if (["succeeded", "canceled", "processing"].includes(pi.status)) return;
      await stripe.paymentIntents.cancel(intentId);
    },
    async refund({ intentId, amountCents, idempotencyKey, metadata }) {
      const refund = await stripe.refunds.create({
        payment_intent: intentId,
        amount: amountCents,
        reverse_transfer: true,
        refund_application_fee: true,
        metadata,
      }, { idempotencyKey }) as unknown as Loose;
      // What the processor has reversed so far in all (its rounding), read back from the charge.
      const charge = await stripe.charges.retrieve(idOf(refund.charge)!, { expand: ["application_fee", "transfer"] }) as unknown as Loose;
      return {
        refundId: refund.id,
        amountCents: refund.amount,
        totalRefundedCents: charge.amount_refunded ?? 0,
        totalFeeRefundedCents: charge.application_fee?.amount_refunded ?? 0,
        totalTransferReversedCents: charge.transfer?.amount_reversed ?? 0,
      };
    },

    async intentOfInvoice(invoiceId) {
      const invoice = await stripe.invoices.retrieve(invoiceId) as unknown as Loose;
      return intentOf(invoice);
    },
    async invoiceSplit(invoiceId) {
      const invoice = await stripe.invoices.retrieve(invoiceId) as unknown as Loose;
      let source: Loose = invoice;
      if (!invoice.transfer_data?.destination) {
        // The invoice's payment intent carries the destination charge (API versions differ on where its id is).
        const piId = intentOf(invoice);
        if (!piId) return null;
        source = await stripe.paymentIntents.retrieve(piId) as unknown as Loose;
      }
      const destination = idOf(source.transfer_data?.destination);
      return destination ? { destinationAccountId: destination, applicationFeeCents: Number(source.application_fee_amount ?? 0) } : null;
    },

    async chargeRecord(intentId) {
      const pi = await stripe.paymentIntents.retrieve(intentId, { expand: ["latest_charge.application_fee", "latest_charge.transfer"] }) as unknown as Loose;
      const charge = pi.latest_charge && typeof pi.latest_charge === "object" ? pi.latest_charge as Loose : null;
      if (!charge) return null;
      const fee = charge.application_fee && typeof charge.application_fee === "object" ? charge.application_fee as Loose : null;
      const transfer = charge.transfer && typeof charge.transfer === "object" ? charge.transfer as Loose : null;
      return {
        chargeId: charge.id,
        amountCents: charge.amount,
        refundedCents: charge.amount_refunded ?? 0,
        applicationFeeCents: fee?.amount ?? 0,
        applicationFeeRefundedCents: fee?.amount_refunded ?? 0,
        destinationAccountId: transfer ? idOf(transfer.destination) : null,
        transferReversedCents: transfer?.amount_reversed ?? 0,
        // On the connected account: the transfer's payment, each reversal (Stripe names its payment refund), each fee refund.
        accountSources: [
          ...(transfer?.destination_payment ? [idOf(transfer.destination_payment)!] : []),
          ...((transfer?.reversals?.data ?? []) as Loose[]).map((r) => idOf(r.destination_payment_refund) ?? r.id),
          ...((fee?.refunds?.data ?? []) as Loose[]).map((r) => r.id as string),
        ],
      };
    },
    async accountBalanceTransactions(accountId) {
      const all = [];
      for await (const t of stripe.balanceTransactions.list({ limit: 100 }, { stripeAccount: accountId })) {
        all.push({ id: t.id, type: t.type, source: idOf(t.source), netCents: t.net });
      }
      return all;
    },

    async balanceOf(accountId) {
      const b = await stripe.balance.retrieve({}, { stripeAccount: accountId }) as unknown as Loose;
      return { availableCents: usd(b.available), pendingCents: usd(b.pending) };
    },
    async payoutsOf(accountId, limit) {
      const list = await stripe.payouts.list({ limit }, { stripeAccount: accountId });
      return list.data.map((p) => toPayout(p as unknown as Loose));
    },
    async createPayout({ accountId, amountCents, idempotencyKey }) {
      try {
        const p = await stripe.payouts.create({ amount: amountCents, currency: "usd" }, { stripeAccount: accountId, idempotencyKey });
        return toPayout(p as unknown as Loose);
      } catch (e) {
        const err = e as Loose;
        if (err?.type === "StripeInvalidRequestError" && typeof err.code === "string") throw new PayoutError(err.code, err.message ?? "");
        throw e;
      }
    },
  };
}
