/**
 * Payments on the patient's side: the one card-entry module (Stripe Elements
 * with a real key, the Stripe-API emulator otherwise), the reusable 3-D Secure
 * step, saved cards (Settings → Payment methods), a doctor's membership options
 * and the join flow (also the upgrade dialog on 402). See pwa/docs/payments.md.
 */
import "./payments.css";

export { CardEntry, type CardEntryProps } from "./components/CardEntry.tsx";
export {
  challengeOutcome,
  type ThreeDSecureChallenge,
  type ThreeDSecureOutcome,
  ThreeDSecureStep,
} from "./components/ThreeDSecureStep.tsx";
export { cardEntryPath, type PaymentsConfig, usePaymentsConfig } from "./lib/config.ts";
export { CardEntryError, tokenizeCard } from "./lib/emulator.ts";
export { membershipKeys, paymentsKeys } from "./lib/keys.ts";
export { cardName, PaymentMethodsSection, useCards } from "./components/PaymentMethodsSection.tsx";
export { JoinMembershipDialog, useMembershipOptions } from "./components/JoinMembershipDialog.tsx";
export { MembershipOptionsSection, useMyMemberships } from "./components/MembershipOptionsSection.tsx";
export { doctorOfSubscriptionRequired, UpgradeMembershipDialog } from "./components/UpgradeMembershipDialog.tsx";
