import "./patients.css";

export { PatientsPage } from "./pages/PatientsPage.tsx";
export { DraftsAndFiles } from "./components/DraftsAndFiles.tsx";
export { PatientFiles } from "./components/PatientFiles.tsx";
export { FOLDER_LABELS, formatBirthDate, formatSize, type PatientOption, patientName } from "./patient-display.ts";
