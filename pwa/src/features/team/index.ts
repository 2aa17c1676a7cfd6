/** The practice team (issue 17): VMAs, tasks, macros, contacts. */
export { ActingDoctorSwitch } from "./components/ActingDoctorSwitch.tsx";
export { VmasSettings } from "./components/VmasSettings.tsx";
export { VmaAccountSettings } from "./components/VmaAccountSettings.tsx";
export { MacrosSettings } from "./components/MacrosSettings.tsx";
export { expandAt, type MacroPeople, MacroTextArea, useMacroMatches } from "./components/MacroTextArea.tsx";
export { ContactPicker } from "./components/ContactPicker.tsx";
export { ContactsPage } from "./pages/ContactsPage.tsx";
export { TasksPage } from "./pages/TasksPage.tsx";
export { VmaDoctorsPage } from "./pages/VmaDoctorsPage.tsx";
export { isOverdue } from "./lib/keys.ts";
