/** CSV for downloads (RFC 4180 lines ending in CRLF), shared by the exports. */

/** One CSV cell: quoted when needed; a leading = + - @ (or tab, CR) is neutralised so spreadsheets do not run it as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A byte-order mark first, so spreadsheet apps read the file as UTF-8 (names with accents). */
export const CSV_BOM = "\uFEFF";
