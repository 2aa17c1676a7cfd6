/**
 * The processor's side of commerce (issue 14), part of `Payments`: promo codes
 * mirrored as the processor's coupon + promotion code. Implemented on the
 * `stripe` SDK in ./stripe-commerce.ts. Amounts are integer cents, USD.
 */
export interface CommercePayments {
  /**
   * A percentage coupon and its promotion code `code` (the code patients type);
   * `key` makes the call idempotent (our coupon's id).
   */
  createPromotionCode(input: {
    key: string;
    code: string;
    percentOff: number;
    duration: "once" | "forever";
    maxRedemptions: number | null;
  }): Promise<{ couponId: string; promotionCodeId: string }>;
  /** A deleted promo code: its promotion code stops being accepted. */
  deactivatePromotionCode(promotionCodeId: string): Promise<void>;
}
