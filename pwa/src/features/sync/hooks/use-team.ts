/**
 * Tasks and macros kept on the device (issue 17) so a doctor or VMA reads and
 * closes tasks and expands macros offline. The server sends the practice's rows
 * (scope `practice`); creating and editing go through the tasks and macros
 * APIs; a device changes only a task's status.
 */
import { useCallback } from "react";
import { type MacroDoc, type NoteTypeDoc, type TaskDoc, taskDocSchema } from "../../../../../sync/collections/index.ts";
import type { LiveList, Local } from "../contract.ts";
import { requireLocal, useSyncEngine } from "./sync-context.ts";
import { useLiveList } from "./use-live-list.ts";
import { parseOrThrow } from "./validate-input.ts";

const byDue = (a: TaskDoc, b: TaskDoc) =>
  (a.status === b.status ? 0 : a.status === "open" ? -1 : 1) ||
  (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999") || b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? -1 : 1);
const byShortcut = (a: MacroDoc, b: MacroDoc) => a.shortcut.localeCompare(b.shortcut) || (a.id < b.id ? -1 : 1);

const isTeam = (role: string | undefined) => role === "doctor" || role === "vma";

/** The practice's tasks on this device: open first, the soonest due, then newest. */
export function useTasks(): LiveList<Local<TaskDoc>> {
  const engine = useSyncEngine();
  return useLiveList<TaskDoc>(
    "tasks",
    isTeam(engine?.user()?.role) ? (local) => local.db.tasks.find().$ as never : null,
    "*",
    byDue,
  );
}

/** Closes or reopens a task on the device (works offline; the server records who). */
export function useSetTaskStatus(): (id: string, status: "open" | "closed") => Promise<void> {
  const engine = useSyncEngine();
  return useCallback(async (id, status) => {
    const local = requireLocal(engine);
    const doc = await local.db.tasks.findOne(id).exec();
    if (!doc) throw new Error("This task no longer exists.");
    parseOrThrow(taskDocSchema, { ...doc.toJSON(), status, _deleted: false });
    void local.markPending("tasks", [id]);
    await doc.incrementalPatch({ status });
  }, [engine]);
}

/** The practice's macros on this device, by shortcut. */
export function useMacros(): LiveList<Local<MacroDoc>> {
  const engine = useSyncEngine();
  return useLiveList<MacroDoc>(
    "macros",
    isTeam(engine?.user()?.role) ? (local) => local.db.macros.find().$ as never : null,
    "*",
    byShortcut,
  );
}

const byTypeName = (a: NoteTypeDoc, b: NoteTypeDoc) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1);

/** The practice's note types on the device (doctor, VMA; issue 31), by name, so a note starts offline. */
export function useNoteTypes(): LiveList<Local<NoteTypeDoc>> {
  const engine = useSyncEngine();
  const role = engine?.user()?.role;
  const team = role === "doctor" || role === "vma";
  return useLiveList<NoteTypeDoc>("note_types", team ? (local) => local.db.note_types.find().$ as never : null, "*", byTypeName);
}
