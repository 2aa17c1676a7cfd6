/**
 * Macro placeholders (issue 17), filled the same way by the server
 * (`GET /doctorMacros/dropdown/list {patientId}`) and by a device offline.
 *
 * Syntax: `{patient.firstName}`, `{patient.lastName}`, `{patient.fullName}`,
 * `{patient.age}`, `{doctor.firstName}`, `{doctor.lastName}`, `{doctor.fullName}`,
 * `{today}` (MM/DD/YYYY). Names are case-sensitive; an unknown placeholder, or a
 * patient placeholder with no patient chosen, stays as written so the writer sees
 * what is still to fill. Pure; no I/O.
 */
export type MacroContext = {
  patient?: { firstName: string; lastName: string; birthDate?: string | null } | null;
  doctor?: { firstName: string; lastName: string } | null;
  today: Date;
};

export const MACRO_PLACEHOLDERS = [
  "{patient.firstName}", "{patient.lastName}", "{patient.fullName}", "{patient.age}",
  "{doctor.firstName}", "{doctor.lastName}", "{doctor.fullName}", "{today}",
] as const;

function ageOn(birthDate: string, today: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthDate);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < mo || (today.getMonth() + 1 === mo && today.getDate() < d)) age -= 1;
  return age;
}

export function fillMacro(text: string, ctx: MacroContext): string {
  return text.replace(/\{(patient|doctor)\.(firstName|lastName|fullName|age)\}|\{today\}/g, (whole, who, field) => {
    if (whole === "{today}") {
      const t = ctx.today;
      return `${String(t.getMonth() + 1).padStart(2, "0")}/${String(t.getDate()).padStart(2, "0")}/${t.getFullYear()}`;
    }
    const person = who === "patient" ? ctx.patient : ctx.doctor;
    if (!person) return whole;
    if (field === "fullName") return `${person.firstName} ${person.lastName}`;
    if (field === "age") {
      const birth = who === "patient" ? ctx.patient?.birthDate : null;
      const age = birth ? ageOn(birth, ctx.today) : null;
      return age === null ? whole : String(age);
    }
    return person[field as "firstName" | "lastName"];
  });
}

/**
 * The shortcut being typed at the caret: the `;word` just before `caret` in
 * `text` (at the start or after whitespace), or null. Used by every composer
 * that offers macro expansion.
 */
export function shortcutAt(text: string, caret: number): { start: number; shortcut: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|\s)(;[A-Za-z0-9_-]{1,30})$/.exec(before);
  if (!m) return null;
  return { start: caret - m[2].length, shortcut: m[2] };
}
