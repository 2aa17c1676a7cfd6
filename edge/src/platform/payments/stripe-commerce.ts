/** `CommercePayments` on the `stripe` SDK (see ./commerce.ts), spread into createStripePayments. */
import type Stripe from "stripe";
import type { CommercePayments } from "./commerce.ts";

export function stripeCommerce(stripe: Stripe): CommercePayments {
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
  };
}
