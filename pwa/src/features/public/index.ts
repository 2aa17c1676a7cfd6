/**
 * The public information pages: landing, FAQ, policies and contact us.
 * Importing this module also loads their stylesheet.
 */
import "./public.css";

export { LandingPage } from "./pages/LandingPage.tsx";
export { FaqPage } from "./pages/FaqPage.tsx";
export { HowItWorksPage } from "./pages/HowItWorksPage.tsx";
export { AboutUsPage } from "./pages/AboutUsPage.tsx";
export { TermsPage } from "./pages/TermsPage.tsx";
export { PrivacyPolicyPage } from "./pages/PrivacyPolicyPage.tsx";
export { PrescriptionPolicyPage } from "./pages/PrescriptionPolicyPage.tsx";
export { MembershipAgreementPage } from "./pages/MembershipAgreementPage.tsx";
export { ConditionsTreatedPage } from "./pages/ConditionsTreatedPage.tsx";
export { ContactUsPage } from "./pages/ContactUsPage.tsx";
export { AgreementPage } from "./pages/AgreementPage.tsx";
export { AUTH_OPEN_EVENT, openRegistration } from "./components/JoinButton.tsx";
export { PUBLIC_PATHS } from "./policies.ts";
