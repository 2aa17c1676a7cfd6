import { useCallback } from "react";
import { type EncounterNoteDoc, encounterNoteSchema } from "../../../../../sync/collections/index.ts";
import type { LiveList, Local } from "../contract.ts";
import type { SyncEngine } from "../lib/sync-engine.ts";
import { requireLocal, useSyncEngine } from "./sync-context.ts";
import { useLiveList } from "./use-live-list.ts";
import { deviceNow, parseOrThrow, withoutDeleted } from "./validate-input.ts";
import { isTeam } from "./roles.ts";

const roleOf = (engine: SyncEngine | null) => engine?.user()?.role;

/** Oldest first (createdAt, then id), as the encounter page lists them. */
const oldestFirst = (a: EncounterNoteDoc, b: EncounterNoteDoc) => a.createdAt.localeCompare(b.createdAt) || (a.id < b.id ? -1 : 1);

/**
 * Notes of one encounter kept on the device, oldest first. The care team's only: the server sends
 * patients and admins none (a patient reads shared notes through the chart API).
 */
export function useEncounterNotes(encounterId: string): LiveList<Local<EncounterNoteDoc>> {
  const engine = useSyncEngine();
  const role = roleOf(engine);
  const allowed = Boolean(encounterId) && isTeam(role);
  return useLiveList<EncounterNoteDoc>(
    "encounter_notes",
    allowed ? (local) => local.db.encounter_notes.find({ selector: { encounterId } }).$ as never : null,
    encounterId,
    oldestFirst,
  );
}

/**
 * Creates a note locally (works offline); resolves with its id. The server checks the encounter and
 * the type when it arrives, and sets the type's name and fields, the author and the time itself.
 */
export function useCreateEncounterNote(): (
  input: { encounterId: string; patientId: string; noteTypeId: string; typeName: string; fieldNames: string[] },
) => Promise<string> {
  const engine = useSyncEngine();
  return useCallback(async ({ encounterId, patientId, noteTypeId, typeName, fieldNames }) => {
    const local = requireLocal(engine);
    const role = roleOf(engine);
    if (role !== "doctor" && role !== "vma") throw new Error("Only the care team writes notes.");
    const note = parseOrThrow(encounterNoteSchema, {
      id: crypto.randomUUID(),
      encounterId,
      patientId,
      noteTypeId,
      typeName,
      fieldNames,
      isShared: false,
      // The server sets these to the pusher and its own clock; the device writes what it will.
      authorId: local.userId,
      updatedBy: local.userId,
      createdAt: deviceNow(),
      updatedAt: 0,
      _deleted: false,
    });
    void local.markPending("encounter_notes", [note.id]);
    await local.db.encounter_notes.insert(withoutDeleted(note));
    return note.id;
  }, [engine]);
}

/**
 * Soft-deletes a note locally (works offline). Deleting is the doctor's (02 §6), as on the server,
 * which would answer anyone else's delete with the note as it is.
 */
export function useDeleteEncounterNote(): (id: string) => Promise<void> {
  const engine = useSyncEngine();
  return useCallback(async (id) => {
    const local = requireLocal(engine);
    if (roleOf(engine) !== "doctor") throw new Error("Only the doctor deletes a note.");
    const doc = await local.db.encounter_notes.findOne(id).exec();
    if (!doc) return;
    void local.markPending("encounter_notes", [id]);
    await doc.incrementalRemove();
  }, [engine]);
}
