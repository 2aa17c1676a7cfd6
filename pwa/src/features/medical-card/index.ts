export { ColumnField } from "./components/ColumnField.tsx";
export { FillProfilePage } from "./pages/FillProfilePage.tsx";
export { type ColumnSpec, emptyRow, type ListName, LISTS, SOCIAL_OPTIONS } from "./medical-card-form.ts";
