/** How chart values read on screen and go into inputs. Pure, so they are tested without a browser. */
import type { EncounterType } from "../../../../../sync/schemas/encounter.ts";

export const ENCOUNTER_TYPE_LABELS: Record<EncounterType, string> = {
  video: "Video visit",
  chat: "Chat",
  async: "Asynchronous",
  phone: "Phone call",
  office: "Office visit",
  other: "Other",
};

/** Whole years between a birth date (YYYY-MM-DD) and `today`; null when unknown. */
export function ageOn(birthDate: string | null, today: Date = new Date()): number | null {
  const m = birthDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < mo || (today.getMonth() + 1 === mo && today.getDate() < d)) age -= 1;
  return age >= 0 ? age : null;
}

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "2-digit" });

/** "Jan 10, 2026, 3:00 PM" in the device's time zone. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** "Jan 10, 2026" in the device's time zone. */
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));
/** "Jan 10, 26": for chart axes. */
export const formatShortDate = (iso: string) => shortDate.format(new Date(iso));

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a `datetime-local` value (the device's wall time, minutes). */
export function toLocalInput(iso: string | Date): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A `datetime-local` value as an ISO instant for the API. Something that is
 * not a date comes back as typed, so the shared schema names the mistake.
 */
export function fromLocalInput(value: string): string {
  const trimmed = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(trimmed)) return trimmed;
  const d = new Date(trimmed);
  return Number.isNaN(d.getTime()) ? trimmed : d.toISOString();
}

/** "" → undefined; otherwise a number (NaN for text, which the schema reports as "must be a number"). */
export function numberOrUndefined(value: string): number | undefined {
  const trimmed = value.trim();
  return trimmed === "" ? undefined : Number(trimmed);
}

/** "" → undefined; otherwise the trimmed text. */
export const textOrUndefined = (value: string): string | undefined => value.trim() || undefined;
