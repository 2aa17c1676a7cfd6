export { ApplicationStatusNotice } from "./components/ApplicationStatusNotice.tsx";
export { ProfileEditPage } from "./pages/ProfileEditPage.tsx";
export { ProfilePage } from "./pages/ProfilePage.tsx";
export { SettingsPage } from "./pages/SettingsPage.tsx";
export { UserSettingsPage } from "./pages/UserSettingsPage.tsx";
