import type { NoteDocStore } from "../contract.ts";
import { useLocalData } from "./sync-context.ts";

/** The signed-in user's encrypted store of encounter notes' Yjs documents; null until the local data is open. */
export function useNoteDocStore(): NoteDocStore | null {
  return useLocalData()?.noteDocs ?? null;
}
