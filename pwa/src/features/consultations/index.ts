import "./consultations.css";

export { BookConsultation } from "./components/BookConsultation.tsx";
export { IntakeFormSettingsSection } from "./components/IntakeFormSettingsSection.tsx";
export { ConsultationsPanel } from "./components/ConsultationsPanel.tsx";
export { OfflineNote } from "./components/OfflineNote.tsx";
export { StatusBadge } from "./components/StatusBadge.tsx";
export { ConsultationPage } from "./pages/ConsultationPage.tsx";
export { useNow } from "./hooks/use-now.ts";
export { type ConsultationView, counterpart, fromDevice, STATUS_LABELS, TYPE_LABELS } from "./lib/consultation-view.ts";
export * from "./lib/time-format.ts";
