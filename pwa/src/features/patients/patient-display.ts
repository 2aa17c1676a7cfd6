/** How patients, drafts and files read on screen. Pure, so it is tested without a browser. */
import { MEDICAL_FOLDERS, type MedicalFolder } from "../../../../sync/collections/index.ts";

export type PatientOption = { id: string; firstName: string; lastName: string; birthDate: string | null };

export const patientName = (p: Pick<PatientOption, "firstName" | "lastName">) =>
  [p.firstName, p.lastName].filter(Boolean).join(" ") || "Unnamed patient";

/** A date-only value (YYYY-MM-DD) shown as a calendar date, never shifted by the time zone. */
export function formatBirthDate(value: string | null): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return "Birth date unknown";
  const date = new Date(`${value}T00:00:00.000Z`);
  return date.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
}

export const FOLDER_LABELS: Record<MedicalFolder, string> = {
  Labs: "Labs",
  Imaging: "Imaging",
  Consults: "Consults",
  PatientUploaded: "Uploaded by the patient",
  OutsideMedicalRecords: "Outside medical records",
  Misc: "Miscellaneous",
  Agreements: "Agreements",
};

/** Items grouped by folder, in the folders' fixed order; empty folders are left out. */
export function groupByFolder<F extends { folder: MedicalFolder }>(files: readonly F[]): { folder: MedicalFolder; files: F[] }[] {
  return MEDICAL_FOLDERS
    .map((folder) => ({ folder, files: files.filter((file) => file.folder === folder) }))
    .filter((group) => group.files.length > 0);
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The first words of a draft's text, for the list. */
export function excerpt(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
