/**
 * What the app shell loads on demand from this feature (routes.tsx): a dynamic entry of its own, importing the
 * files themselves, so that another feature's static import of index.ts shares no chunk with these
 * (issue 19: the home page's import of one notice from the account barrel fetched every settings page).
 */
import "./admin.css";

export { AdminDashboardPage } from "./pages/AdminDashboardPage.tsx";
export { AdminUsersPage } from "./pages/AdminUsersPage.tsx";
export { ProvidersPage } from "./pages/ProvidersPage.tsx";
export { ReviewsPage } from "./pages/ReviewsPage.tsx";
export { ContactQueuePage } from "./pages/ContactQueuePage.tsx";
export { ReportsPage } from "./pages/ReportsPage.tsx";
export { AnalyticsPage } from "./index.ts";
