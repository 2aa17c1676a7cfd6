/**
 * The notes open in an editor in this tab: their own connection sends their text, so the background sender
 * (`WaitingTextSender`) leaves them alone.
 */
const open = new Map<string, number>();

/** Registers an open note; the returned function unregisters it. */
export function noteOpened(noteId: string): () => void {
  open.set(noteId, (open.get(noteId) ?? 0) + 1);
  return () => {
    const left = (open.get(noteId) ?? 1) - 1;
    if (left > 0) open.set(noteId, left);
    else open.delete(noteId);
  };
}

export const isNoteOpen = (noteId: string) => open.has(noteId);
