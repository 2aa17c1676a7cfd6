import "./notifications.css";

export { HeaderBell } from "./components/HeaderBell.tsx";
export { NotificationSettingsSection } from "./components/NotificationSettingsSection.tsx";
export { SessionEvents } from "./components/SessionEvents.tsx";
