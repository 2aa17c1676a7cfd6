/**
 * What the app shell loads on demand from this feature (routes.tsx, the header): a dynamic entry of its own,
 * importing the files themselves, so that another feature's static import of index.ts shares no chunk with these
 * (issue 19: the home page's import of one notice from the account barrel fetched every settings page).
 */
export { ActingDoctorSwitch } from "./components/ActingDoctorSwitch.tsx";
export { ContactsPage } from "./pages/ContactsPage.tsx";
export { TasksPage } from "./pages/TasksPage.tsx";
export { VmaDoctorsPage } from "./pages/VmaDoctorsPage.tsx";
