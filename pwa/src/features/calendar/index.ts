import "./calendar.css";

export { AvailabilityPage } from "./pages/AvailabilityPage.tsx";
export { CalendarPage } from "./pages/CalendarPage.tsx";
