import { useCallback } from "react";
import { type NoteDraftDoc, noteDraftSchema } from "../../../../../sync/collections/index.ts";
import type { LiveList, Local } from "../contract.ts";
import type { SyncEngine } from "../lib/sync-engine.ts";
import { requireLocal, useSyncEngine } from "./sync-context.ts";
import { newestFirst, useLiveList } from "./use-live-list.ts";
import { traceWrite } from "../lib/write-trace.ts";
import { parseOrThrow, withoutDeleted } from "./validate-input.ts";

const isPatient = (engine: SyncEngine | null) => engine?.user()?.role === "patient";

/** Drafts of one patient, newest first; patients never see drafts (the server sends them none). */
export function useNoteDrafts(patientId: string): LiveList<Local<NoteDraftDoc>> {
  const engine = useSyncEngine();
  const allowed = Boolean(patientId) && !isPatient(engine);
  return useLiveList<NoteDraftDoc>(
    "note_drafts",
    allowed ? (local) => local.db.note_drafts.find({ selector: { patientId } }).$ as never : null,
    patientId,
    newestFirst,
  );
}

/** Creates (no id) or updates a draft locally; resolves with its id. */
export function useSaveNoteDraft(): (input: { id?: string; patientId: string; title: string; fields: Record<string, string> }) => Promise<string> {
  const engine = useSyncEngine();
  return useCallback(async ({ id, patientId, title, fields }) => {
    const local = requireLocal(engine);
    if (isPatient(engine)) throw new Error("Only the care team writes note drafts.");
    if (id) {
      const hook = traceWrite("hook");
      const read = traceWrite("read");
      const doc = await local.db.note_drafts.findOne(id).exec();
      read();
      if (!doc) throw new Error("This draft no longer exists.");
      const validate = traceWrite("validate");
      parseOrThrow(noteDraftSchema, { ...doc.toJSON(), title, fields, _deleted: false });
      validate();
      // The waiting mark is set in memory first (before the change can be pushed and acknowledged) and
      // written to the blobs database behind the edit (`pending-marks.ts`); the edit waits for RxDB's write.
      const write = traceWrite("write");
      const pending = traceWrite("pending");
      void local.markPending("note_drafts", [id]);
      pending();
      const rxdb = traceWrite("rxdb");
      await doc.incrementalPatch({ title, fields });
      rxdb();
      write();
      hook();
      return id;
    }
    const draft = parseOrThrow(noteDraftSchema, {
      id: crypto.randomUUID(),
      patientId,
      encounterId: null,
      noteTypeId: null,
      title,
      fields,
      // The server sets both to the pusher; the device writes what the server will.
      authorId: local.userId,
      updatedBy: local.userId,
      updatedAt: 0,
      _deleted: false,
    });
    void local.markPending("note_drafts", [draft.id]);
    await local.db.note_drafts.insert(withoutDeleted(draft));
    return draft.id;
  }, [engine]);
}

export function useDeleteNoteDraft(): (id: string) => Promise<void> {
  const engine = useSyncEngine();
  return useCallback(async (id) => {
    const local = requireLocal(engine);
    const doc = await local.db.note_drafts.findOne(id).exec();
    if (!doc) return;
    void local.markPending("note_drafts", [id]);
    await doc.incrementalRemove();
  }, [engine]);
}
