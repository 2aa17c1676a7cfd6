import { useMemo, useSyncExternalStore } from "react";
import { NOTE_TEXT_MARKS } from "../lib/waiting.ts";
import { useLocalData } from "./sync-context.ts";

const EMPTY: ReadonlySet<string> = new Set();
const noSubscribe = () => () => {};

/**
 * Notes whose text changed on this device while not synced (their `note_text` mark) and that are on the server
 * (their own document is not waiting): the text a connection can send now. Sorted, for a stable order.
 */
export function useWaitingNoteTexts(): string[] {
  const local = useLocalData();
  const keys = useSyncExternalStore(
    local?.subscribePending ?? noSubscribe,
    local?.pendingKeys ?? (() => EMPTY),
    local?.pendingKeys ?? (() => EMPTY),
  );
  return useMemo(() => {
    const prefix = `${NOTE_TEXT_MARKS}/`;
    return [...keys].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length))
      .filter((noteId) => !keys.has(`encounter_notes/${noteId}`)).sort();
  }, [keys]);
}
