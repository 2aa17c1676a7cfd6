import "./admin.css";
import { lazy } from "react";

export { AdminDashboardPage } from "./pages/AdminDashboardPage.tsx";
export { AdminUsersPage } from "./pages/AdminUsersPage.tsx";
export { ProvidersPage } from "./pages/ProvidersPage.tsx";
export { ReviewsPage } from "./pages/ReviewsPage.tsx";
export { ContactQueuePage } from "./pages/ContactQueuePage.tsx";
export { ReportsPage } from "./pages/ReportsPage.tsx";
export { ManagedAgreementPage } from "./pages/ManagedAgreementPage.tsx";
export { AdminManagementSection } from "./components/AdminManagementSection.tsx";
export { AgreementsSection } from "./components/AgreementsSection.tsx";
export { ReviewDoctorSection } from "./components/ReviewDoctorSection.tsx";
export { PendingAgreementsGate } from "./components/PendingAgreementsGate.tsx";
export { UserAccountSettings } from "./components/UserAccountSettings.tsx";
/** The analytics screen and its chart library load only when the route is opened. */
export const AnalyticsPage = lazy(() => import("./pages/AnalyticsPage.tsx"));
