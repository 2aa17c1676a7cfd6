/**
 * The words for what waits on this device (`waiting.ts`): "2 messages", "the text of 1 note"…
 * One list, used by the sign-out warning and the unlock dialog.
 */
import type { WaitingSummary } from "./waiting.ts";

const KINDS: Record<string, [one: string, many: string]> = {
  chat_messages: ["1 message", "# messages"],
  note_drafts: ["1 note draft", "# note drafts"],
  encounter_notes: ["1 new or deleted note", "# new or deleted notes"],
  chart_entries: [
    "1 chart entry (encounter, diagnosis, vitals, problem, prescription or referral draft)",
    "# chart entries (encounters, diagnoses, vitals, problems, prescription and referral drafts)",
  ],
  note_text: ["the text of 1 note", "the text of # notes"],
  medical_files: ["1 file's details", "# files' details"],
  uploads: ["1 file upload", "# file uploads"],
  tasks: ["1 task", "# tasks"],
  macros: ["1 macro", "# macros"],
};

/** One phrase per kind, in a fixed order; kinds this version does not know are "other changes". */
export function waitingPhrases(summary: WaitingSummary): string[] {
  const phrases: string[] = [];
  let other = 0;
  for (const [kind, count] of Object.entries(summary.byKind)) {
    if (count <= 0) continue;
    const words = KINDS[kind];
    if (!words) other += count;
  }
  for (const [kind, [one, many]] of Object.entries(KINDS)) {
    const count = summary.byKind[kind] ?? 0;
    if (count > 0) phrases.push(count === 1 ? one : many.replace("#", String(count)));
  }
  if (other > 0) phrases.push(other === 1 ? "1 other change" : `${other} other changes`);
  return phrases;
}

/** "1 change" / "3 changes". */
export const changesWord = (n: number) => (n === 1 ? "1 change" : `${n} changes`);
