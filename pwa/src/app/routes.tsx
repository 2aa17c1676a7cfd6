import type { RouteObject } from "react-router";
import { FillProfilePage } from "../features/medical-card/index.ts";
import { ProfileEditPage, ProfilePage, SettingsPage, UserSettingsPage } from "../features/account/index.ts";
import { AdminDashboardPage } from "../features/admin/index.ts";
import { AvailabilityPage, CalendarPage } from "../features/calendar/index.ts";
import { ConsultationPage } from "../features/consultations/index.ts";
import { ResetPasswordPage, VerifyRegistrationPage, VmaPasswordPage } from "../features/auth/index.ts";
import { DoctorsPage, PublicProfilePage } from "../features/doctors/index.ts";
import { HomePage } from "../features/home/index.ts";
import { MessagesPage } from "../features/messages/index.ts";
import { EncounterNotesSection } from "../features/notes/index.ts";
import { EncounterPage, HealthRecordPage, PatientChartPage, type RenderEncounterNotes } from "../features/chart/index.ts";
import { PatientsPage } from "../features/patients/index.ts";
import { PayoutConnectedPage, PayoutConnectPage } from "../features/payouts/index.ts";
import { OrdersPage, PackagesPage, PromoCodesPage, TransactionsPage } from "../features/commerce/index.ts";
import {
  AboutUsPage,
  AgreementPage,
  ConditionsTreatedPage,
  ContactUsPage,
  FaqPage,
  HowItWorksPage,
  LandingPage,
  MembershipAgreementPage,
  PrescriptionPolicyPage,
  PrivacyPolicyPage,
  TermsPage,
} from "../features/public/index.ts";
import { ComingSoon } from "../ui/index.ts";
import { AppLayout } from "./AppLayout.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";
import { PLACEHOLDER_PAGES } from "./placeholder-pages.ts";
import type { SwUpdateStore } from "./sw-update.ts";

/** The encounter page's notes section: the collaborative notes of features/notes. */
const renderEncounterNotes: RenderEncounterNotes = (ctx) => <EncounterNotesSection {...ctx} />;

/**
 * Every route of 01 §2. Who may open which path is decided by guards.ts
 * (from sync/routes.ts), applied once in the layout for all of them.
 */
export const PAGE_ROUTES: RouteObject[] = [
  { path: "/", element: <LandingPage /> },
  { path: "/landing", element: <LandingPage /> },
  { path: "/doctors", element: <DoctorsPage /> },
  { path: "/profile/:userId", element: <PublicProfilePage /> },
  { path: "/contact-us", element: <ContactUsPage /> },
  { path: "/terms-and-conditions", element: <TermsPage /> },
  { path: "/privacy-policy", element: <PrivacyPolicyPage /> },
  { path: "/prescription-policy", element: <PrescriptionPolicyPage /> },
  { path: "/faq", element: <FaqPage /> },
  { path: "/about-us", element: <AboutUsPage /> },
  { path: "/how-it-works", element: <HowItWorksPage /> },
  { path: "/membership-agreement", element: <MembershipAgreementPage /> },
  { path: "/conditions-treated", element: <ConditionsTreatedPage /> },
  { path: "/verifyRegistration", element: <VerifyRegistrationPage /> },
  { path: "/resetPassword", element: <ResetPasswordPage /> },
  { path: "/vmaPassword", element: <VmaPasswordPage /> },
  { path: "/agreement/:agreementName", element: <AgreementPage /> },
  { path: "/stripe/connected", element: <PayoutConnectedPage /> },
  { path: "/stripe/connect", element: <PayoutConnectPage /> },
  { path: "/stripe/inactive", element: <PayoutConnectPage /> },

  { path: "/home", element: <HomePage /> },
  { path: "/fillProfile", element: <FillProfilePage /> },
  { path: "/profile", element: <ProfilePage /> },
  { path: "/profile/edit", element: <ProfileEditPage /> },
  { path: "/settings", element: <SettingsPage /> },
  { path: "/settings/:userId", element: <UserSettingsPage /> },
  { path: "/admin", element: <AdminDashboardPage /> },
  { path: "/messages", element: <MessagesPage /> },
  { path: "/consultation/:consultationId", element: <ConsultationPage /> },
  { path: "/calendar/:doctorId", element: <CalendarPage /> },
  { path: "/availability", element: <AvailabilityPage /> },
  { path: "/doctor/patients", element: <PatientsPage basePath="/doctor/patients" /> },
  { path: "/doctor/patients/:patientId", element: <PatientChartPage basePath="/doctor/patients" /> },
  {
    path: "/doctor/patients/:patientId/encounters/:encounterId",
    element: <EncounterPage basePath="/doctor/patients" renderNotes={renderEncounterNotes} />,
  },
  { path: "/vma/patients", element: <PatientsPage basePath="/vma/patients" /> },
  { path: "/vma/patients/:patientId", element: <PatientChartPage basePath="/vma/patients" /> },
  {
    path: "/vma/patients/:patientId/encounters/:encounterId",
    element: <EncounterPage basePath="/vma/patients" renderNotes={renderEncounterNotes} />,
  },
  { path: "/health-record", element: <HealthRecordPage /> },
  { path: "/transactions", element: <TransactionsPage /> },
  { path: "/vma/transactions", element: <TransactionsPage /> },
  { path: "/admin/transactions", element: <TransactionsPage /> },
  { path: "/admin/promo-codes", element: <PromoCodesPage /> },
  { path: "/orders", element: <OrdersPage /> },
  { path: "/admin/packages", element: <PackagesPage /> },
  {
    path: "/health-record/encounters/:encounterId",
    element: <EncounterPage basePath="/health-record" renderNotes={renderEncounterNotes} />,
  },
  ...PLACEHOLDER_PAGES.map((page) => ({
    path: page.path,
    element: <ComingSoon key={page.path} title={page.title} description={page.description} />,
  })),
  { path: "*", element: <NotFoundPage /> },
];

export function createRoutes(options: { swUpdate?: SwUpdateStore } = {}): RouteObject[] {
  return [{ element: <AppLayout swUpdate={options.swUpdate} />, children: PAGE_ROUTES }];
}
