import "./patients.css";

export { PatientsPage } from "./pages/PatientsPage.tsx";
export { PatientWorkspacePage } from "./pages/PatientWorkspacePage.tsx";
