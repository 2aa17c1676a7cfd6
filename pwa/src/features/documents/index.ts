import "./documents.css";

export { DocumentsPage } from "./pages/DocumentsPage.tsx";
export { FaxCounter } from "./components/FaxCounter.tsx";
export { FaxSendDialog, type FaxSource } from "./components/FaxSendDialog.tsx";
export { documentKeys } from "./api.ts";
