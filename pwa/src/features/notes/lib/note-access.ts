/**
 * Who may change a note's text, the server's rule restated (collab/access.ts,
 * chart notes): the care team writes; a shared note only its doctor; the
 * patient reads. The server is the judge (a reader's updates are dropped);
 * this only keeps the editor from offering what would be thrown away.
 */
import type { Role } from "../../../../../sync/roles.ts";

export function canWriteNote(role: Role, note: { isShared: boolean }): boolean {
  if (role === "doctor") return true;
  if (role === "vma") return !note.isShared;
  return false;
}

/** Sharing, unsharing and deleting are the doctor's (VMAs prepare, doctors decide). */
export const canDecideNote = (role: Role) => role === "doctor";

export const isCareTeam = (role: Role) => role === "doctor" || role === "vma";
