import "./admin.css";

export { AdminDashboardPage } from "./pages/AdminDashboardPage.tsx";
