// No stylesheet import here: AuthCard and LicensedStatesField import auth.css themselves, so a feature that
// imports useSession from this barrel does not fetch the sign-up forms' chunk for it (issue 19).
export { AUTH_OPEN_EVENT, type AuthDialogName, openAuthDialog } from "./auth-dialog-events.ts";
export { AuthDialogs } from "./components/AuthDialogs.tsx";
export { AuthDialogsLoader } from "./components/AuthDialogsLoader.tsx";
export { FormError } from "./components/FormError.tsx";
export { NewPasswordForm } from "./components/NewPasswordForm.tsx";
export { PasswordFields } from "./components/PasswordFields.tsx";
export { GENDER_OPTIONS, PersonalFields, STATE_OPTIONS } from "./components/PersonalFields.tsx";
export { DoctorFields } from "./components/DoctorFields.tsx";
export { useCurrentUser, useGoAfterSignIn, useSession } from "./hooks/use-session.ts";
export { ResetPasswordPage } from "./pages/ResetPasswordPage.tsx";
export { VerifyRegistrationPage } from "./pages/VerifyRegistrationPage.tsx";
export { VmaPasswordPage } from "./pages/VmaPasswordPage.tsx";
export { createSessionActions, type SessionActions } from "./session-actions.ts";
export { accessFor, decideRoute, type GuardDecision, type GuardSession, INACTIVE_NOTICE_CLOSED_KEY, postSignInPath, ROUTE_ACCESS, type RouteAccess, FILL_PROFILE_PATH, STRIPE_CONNECT_PATH, STRIPE_CONNECTED_PATH, STRIPE_INACTIVE_PATH } from "./guards.ts";
