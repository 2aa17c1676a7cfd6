/**
 * Encounter notes' text leaves the device with the note. The encounter page
 * removes the stored Yjs updates of a note that leaves its list; these do it
 * for notes deleted while no page showed them:
 *
 * - `watchDeletedNotes`: whenever the device's copy of a note becomes deleted
 *   (pulled, a live event, or deleted here), its updates are removed;
 * - `sweepNoteDocs`: removes the updates of every note that is not a live
 *   document of `encounter_notes` — run once the collection has caught up with
 *   the server after the data layer opens (a deletion seen while closed, a
 *   note gone out of reach, a row written while its note was being deleted).
 *
 * Never before the pull has caught up: a collection still filling (a new
 * database version pulled again) would otherwise take live notes' text.
 */
import { filter } from "rxjs";
import type { DpcDatabase } from "./database.ts";
import type { NoteUpdateLog } from "./note-doc-store.ts";

type Deps = { db: DpcDatabase; log: Pick<NoteUpdateLog, "noteIds" | "remove"> };

/** Removes the stored updates of notes the device does not have as live documents; answers their ids. */
export async function sweepNoteDocs({ db, log }: Deps): Promise<string[]> {
  // Stored ids first: a note created meanwhile is in the collection before its first update is stored.
  const stored = await log.noteIds();
  if (stored.length === 0) return [];
  const live = await db.encounter_notes.findByIds(stored).exec();
  const orphans = stored.filter((id) => !live.has(id));
  for (const id of orphans) await log.remove(id);
  return orphans;
}

/** Removes a note's stored updates as soon as its document is deleted on the device; answers the unsubscribe. */
export function watchDeletedNotes({ db, log }: Deps): () => void {
  const subscription = db.encounter_notes.$.pipe(filter((event) => event.operation === "DELETE")).subscribe((event) => {
    log.remove(event.documentId).catch((error) => console.warn("A deleted note's text stayed on this device", error));
  });
  return () => subscription.unsubscribe();
}
