import { type ComponentType, isValidElement, type ReactNode, Suspense, use } from "react";
import { matchRoutes, type RouteObject } from "react-router";
import type { RenderEncounterNotes, RenderEncounterOrders } from "../features/chart/index.ts";
import { LandingPage } from "../features/public/pages/LandingPage.tsx";
import { Spinner } from "../ui/index.ts";
import { AppLayout } from "./AppLayout.tsx";
import { RouteNotFound } from "./RouteNotFound.tsx";
import type { SwUpdateStore } from "./sw-update.ts";

/**
 * Screens load by route (issue 19): only the landing page is in the first script (imported by file: the
 * public barrel holds every public page); every other screen, with the libraries only it uses (forms and
 * zod, libphonenumber, editor, sync engine, charts, video), is fetched when its route is first opened.
 * A feature whose index.ts other features import is loaded through its `lazy.ts` (see there).
 * The service worker precaches all chunks, so an installed app still opens them offline.
 */
// deno-lint-ignore no-explicit-any
type AnyComponent = ComponentType<any>;
const preloads: (() => Promise<void>)[] = [];
/**
 * A screen loaded on first render (React.lazy's contract: suspends until its module arrives), or rendered at
 * once when `preloadScreens` has already loaded it.
 */
function screen<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] & AnyComponent {
  let loaded: AnyComponent | undefined;
  let loading: Promise<void> | undefined;
  // A failed load (offline before the service worker cached it) is tried again on the next render.
  const preload = () =>
    loading ??= load().then(
      (m) => void (loaded = m[name] as AnyComponent),
      (error) => {
        loading = undefined;
        throw error;
      },
    );
  preloads.push(preload);
  function Screen(props: object) {
    if (!loaded) use(preload());
    const Loaded = loaded!;
    return <Loaded {...props} />;
  }
  Screen.displayName = `Screen(${String(name)})`;
  Screen.preload = preload;
  return Screen as unknown as M[K] & AnyComponent;
}
const publicPages = () => import("../features/public/index.ts");
const AboutUsPage = screen(publicPages, "AboutUsPage");
const AgreementPage = screen(publicPages, "AgreementPage");
const ConditionsTreatedPage = screen(publicPages, "ConditionsTreatedPage");
const ContactUsPage = screen(publicPages, "ContactUsPage");
const FaqPage = screen(publicPages, "FaqPage");
const HowItWorksPage = screen(publicPages, "HowItWorksPage");
const MembershipAgreementPage = screen(publicPages, "MembershipAgreementPage");
const PrescriptionPolicyPage = screen(publicPages, "PrescriptionPolicyPage");
const PrivacyPolicyPage = screen(publicPages, "PrivacyPolicyPage");
const TermsPage = screen(publicPages, "TermsPage");
const auth = () => import("../features/auth/lazy.ts");
const ResetPasswordPage = screen(auth, "ResetPasswordPage");
const VerifyRegistrationPage = screen(auth, "VerifyRegistrationPage");
const VmaPasswordPage = screen(auth, "VmaPasswordPage");
const medicalCard = () => import("../features/medical-card/lazy.ts");
const account = () => import("../features/account/lazy.ts");
const doctors = () => import("../features/doctors/index.ts");
const chart = () => import("../features/chart/index.ts");
const payouts = () => import("../features/payouts/index.ts");
const calendar = () => import("../features/calendar/index.ts");
const FillProfilePage = screen(medicalCard, "FillProfilePage");
const ProfileEditPage = screen(account, "ProfileEditPage");
const ProfilePage = screen(account, "ProfilePage");
const SettingsPage = screen(account, "SettingsPage");
const UserSettingsPage = screen(account, "UserSettingsPage");
const admin = () => import("../features/admin/lazy.ts");
const AdminDashboardPage = screen(admin, "AdminDashboardPage");
const AdminUsersPage = screen(admin, "AdminUsersPage");
const ProvidersPage = screen(admin, "ProvidersPage");
const ReviewsPage = screen(admin, "ReviewsPage");
const ContactQueuePage = screen(admin, "ContactQueuePage");
const ReportsPage = screen(admin, "ReportsPage");
const AnalyticsPage = screen(admin, "AnalyticsPage");
const AvailabilityPage = screen(calendar, "AvailabilityPage");
const CalendarPage = screen(calendar, "CalendarPage");
const ConsultationPage = screen(() => import("../features/consultations/lazy.ts"), "ConsultationPage");
const DoctorsPage = screen(doctors, "DoctorsPage");
const PublicProfilePage = screen(doctors, "PublicProfilePage");
const HomePage = screen(() => import("../features/home/index.ts"), "HomePage");
const MessagesPage = screen(() => import("../features/messages/index.ts"), "MessagesPage");
const EncounterNotesSection = screen(() => import("../features/notes/lazy.ts"), "EncounterNotesSection");
const EncounterPage = screen(chart, "EncounterPage");
const HealthRecordPage = screen(chart, "HealthRecordPage");
const PatientChartPage = screen(chart, "PatientChartPage");
const PatientsPage = screen(() => import("../features/patients/lazy.ts"), "PatientsPage");
const PayoutConnectedPage = screen(payouts, "PayoutConnectedPage");
const PayoutConnectPage = screen(payouts, "PayoutConnectPage");
const orders = () => import("../features/orders/index.ts");
const team = () => import("../features/team/lazy.ts");
const EncounterOrders = screen(orders, "EncounterOrders");
const ErxPage = screen(orders, "ErxPage");
const OrdersPage = screen(orders, "OrdersPage");
const DocumentsPage = screen(() => import("../features/documents/lazy.ts"), "DocumentsPage");
const ContactsPage = screen(team, "ContactsPage");
const TasksPage = screen(team, "TasksPage");
const VmaDoctorsPage = screen(team, "VmaDoctorsPage");
const commerce = () => import("../features/commerce/lazy.ts");
const TransactionsPage = screen(commerce, "TransactionsPage");
const PromoCodesPage = screen(commerce, "PromoCodesPage");
const PackagesPage = screen(commerce, "PackagesPage");

/** Loads every screen now, so they render without suspending (unit tests wait 1 s for an element). */
export function preloadScreens(): Promise<unknown> {
  return Promise.all(preloads.map((preload) => preload()));
}

/**
 * Starts fetching the screen of `pathname` now: at start-up with a stored sign-in, beside the sign-in check
 * rather than after it (the signed-in home's script arrived one round trip after the check). A failure is left
 * to the screen's own load when it renders.
 */
export function preloadRoute(pathname: string): Promise<void> {
  const element = matchRoutes(PAGE_ROUTES, pathname)?.at(-1)?.route.element;
  const preload = isValidElement(element) ? (element.type as { preload?: () => Promise<void> }).preload : undefined;
  return preload ? preload().catch(() => {}) : Promise.resolve();
}

/** Shown in the page's place while its screen's script loads. */
function withLoading(element: ReactNode): ReactNode {
  return <Suspense fallback={<div className="app-page-loading"><Spinner label="Loading page" /></div>}>{element}</Suspense>;
}

/** The encounter page's notes section: the collaborative notes of features/notes. */
const renderEncounterNotes: RenderEncounterNotes = (ctx) => <EncounterNotesSection {...ctx} />;
/** The encounter page's orders section: labs, imaging, referrals, prescriptions (features/orders). */
const renderEncounterOrders: RenderEncounterOrders = (ctx) => <EncounterOrders {...ctx} />;

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
  { path: "/admin/providers", element: <ProvidersPage /> },
  { path: "/admin/patients", element: <AdminUsersPage /> },
  { path: "/admin/reviews", element: <ReviewsPage /> },
  { path: "/admin/messages", element: <ContactQueuePage /> },
  {
    path: "/admin/analytics",
    element: <Suspense fallback={<Spinner label="Loading analytics" />}><AnalyticsPage /></Suspense>,
  },
  { path: "/reports", element: <ReportsPage /> },
  { path: "/messages", element: <MessagesPage /> },
  { path: "/consultation/:consultationId", element: <ConsultationPage /> },
  { path: "/calendar/:doctorId", element: <CalendarPage /> },
  { path: "/availability", element: <AvailabilityPage /> },
  { path: "/doctor/documents", element: <DocumentsPage /> },
  { path: "/vma/documents", element: <DocumentsPage /> },
  { path: "/admin/documents", element: <DocumentsPage /> },
  { path: "/doctor/patients", element: <PatientsPage basePath="/doctor/patients" /> },
  { path: "/doctor/patients/:patientId", element: <PatientChartPage basePath="/doctor/patients" /> },
  {
    path: "/doctor/patients/:patientId/encounters/:encounterId",
    element: <EncounterPage basePath="/doctor/patients" renderNotes={renderEncounterNotes} renderOrders={renderEncounterOrders} />,
  },
  { path: "/vma/patients", element: <PatientsPage basePath="/vma/patients" /> },
  { path: "/vma/doctors", element: <VmaDoctorsPage /> },
  { path: "/vma/tasks", element: <TasksPage area="vma" /> },
  { path: "/doctor/tasks", element: <TasksPage area="doctor" /> },
  { path: "/admin/tasks", element: <TasksPage area="admin" /> },
  { path: "/vma/contacts", element: <ContactsPage /> },
  { path: "/doctor/contacts", element: <ContactsPage /> },
  { path: "/admin/contacts", element: <ContactsPage admin /> },
  { path: "/vma/patients/:patientId", element: <PatientChartPage basePath="/vma/patients" /> },
  {
    path: "/vma/patients/:patientId/encounters/:encounterId",
    element: <EncounterPage basePath="/vma/patients" renderNotes={renderEncounterNotes} renderOrders={renderEncounterOrders} />,
  },
  { path: "/health-record", element: <HealthRecordPage /> },
  { path: "/orders", element: <OrdersPage /> },
  { path: "/doctor/erx", element: <ErxPage /> },
  { path: "/transactions", element: <TransactionsPage /> },
  { path: "/vma/transactions", element: <TransactionsPage /> },
  { path: "/admin/transactions", element: <TransactionsPage /> },
  { path: "/admin/promo-codes", element: <PromoCodesPage /> },
  { path: "/admin/packages", element: <PackagesPage /> },
  {
    path: "/health-record/encounters/:encounterId",
    element: <EncounterPage basePath="/health-record" renderNotes={renderEncounterNotes} renderOrders={renderEncounterOrders} />,
  },
  { path: "*", element: <RouteNotFound /> },
];

export function createRoutes(options: { swUpdate?: SwUpdateStore } = {}): RouteObject[] {
  const children = PAGE_ROUTES.map((route) => ({ ...route, element: withLoading(route.element) }));
  return [{ element: <AppLayout swUpdate={options.swUpdate} />, children }];
}
