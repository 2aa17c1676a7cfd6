/**
 * Searching and paging the practice's panel on the device (issue 31). Its fields are sealed at rest, so the
 * database cannot search them: at most 400 patients per doctor are matched here, in memory. Pure, so it is
 * tested without a browser.
 */
import type { PatientOption } from "./patient-display.ts";

export type SearchablePatient = PatientOption & { middleName?: string | null; email?: string };

/** Lower case without accents: "Zoë" is found by "zoe". */
const fold = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();

/** Every word of the search starts a word of the name, or is part of the email ("pat pat", "patient@demo"). */
export function matchesSearch(patient: SearchablePatient, search: string): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const names = fold([patient.firstName, patient.middleName, patient.lastName].filter(Boolean).join(" ")).split(/[\s'-]+/);
  const email = fold(patient.email ?? "");
  return words.every((word) => names.some((name) => name.startsWith(word)) || email.includes(word));
}

/** One page of the matches (in the order given), as the list shows it, with their count. */
export function searchPatients<P extends SearchablePatient>(
  patients: readonly P[],
  query: { search: string; offset: number; limit: number },
): { list: PatientOption[]; totalCount: number } {
  const matches = patients.filter((p) => matchesSearch(p, query.search));
  // Only what the list shows (it travels in the history entry to the chart): never the medical card.
  const list = matches.slice(query.offset, query.offset + query.limit)
    .map(({ id, firstName, lastName, birthDate }) => ({ id, firstName, lastName, birthDate }));
  return { list, totalCount: matches.length };
}
