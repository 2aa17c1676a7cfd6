/**
 * The imaging referral's fees (02 §9), one rule for the checkout and the policy pages (issue 32: they disagreed).
 * The first referral costs $59 and opens a month of access; within that month each additional referral costs $30,
 * up to 3. A member of a practice already has access through their membership, so each of their referrals costs
 * the additional price. Refunds within 30 days, the time to complete the test.
 */
export const IMAGING_REFERRAL_FEES = {
  firstCents: 5900,
  memberCents: 3000,
  additionalCents: 3000,
  maxAdditional: 3,
  /** The month a first referral opens: additional referrals within it cost `additionalCents`. */
  withinDays: 30,
  refundWindowDays: 30,
  processingBusinessDays: 2,
} as const;
