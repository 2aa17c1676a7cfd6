import "./chart.css";

export { PatientChartPage } from "./pages/PatientChartPage.tsx";
export { EncounterPage, type EncounterNotesContext, type RenderEncounterNotes, type RenderEncounterOrders } from "./pages/EncounterPage.tsx";
export { HealthRecordPage } from "./pages/HealthRecordPage.tsx";
