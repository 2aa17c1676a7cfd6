/**
 * Tasks and macros kept on the device (issue 17) so a doctor or VMA reads and
 * closes tasks and expands macros offline. The server sends the practice's rows
 * (scope `practice`); editing goes through the tasks and macros APIs; a device
 * changes a task's status, and creates a task offline (issue 31) for one of the
 * practice's people, also on the device.
 */
import { useCallback } from "react";
import {
  type MacroDoc, type NoteTypeDoc, type PracticeMemberDoc, type TaskDoc, taskDocSchema,
} from "../../../../../sync/collections/index.ts";
import type { TaskCreateInput } from "../../../../../sync/schemas/team.ts";
import type { LiveList, Local } from "../contract.ts";
import { requireLocal, useSyncEngine } from "./sync-context.ts";
import { useLiveList } from "./use-live-list.ts";
import { deviceNow, parseOrThrow, withoutDeleted } from "./validate-input.ts";
import { isTeam } from "./roles.ts";

const byDue = (a: TaskDoc, b: TaskDoc) =>
  (a.status === b.status ? 0 : a.status === "open" ? -1 : 1) ||
  (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999") || b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? -1 : 1);
const byShortcut = (a: MacroDoc, b: MacroDoc) => a.shortcut.localeCompare(b.shortcut) || (a.id < b.id ? -1 : 1);


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
  const team = isTeam(engine?.user()?.role);
  return useLiveList<NoteTypeDoc>("note_types", team ? (local) => local.db.note_types.find().$ as never : null, "*", byTypeName);
}

const byMemberName = (a: PracticeMemberDoc, b: PracticeMemberDoc) =>
  (a.role === b.role ? 0 : a.role === "doctor" ? -1 : 1) || a.firstName.localeCompare(b.firstName) || a.lastName.localeCompare(b.lastName);

/** The practice's people on the device (its doctor, then its VMAs by name; issue 31): a task's assignee offline. */
export function usePracticeMembers(): LiveList<Local<PracticeMemberDoc>> {
  const engine = useSyncEngine();
  return useLiveList<PracticeMemberDoc>(
    "practice_members",
    isTeam(engine?.user()?.role) ? (local) => local.db.practice_members.find().$ as never : null,
    "*",
    byMemberName,
  );
}

/**
 * Creates a task on the device (works offline; issue 31) from the input `POST /doctorTasks` takes, with the names
 * the device knows; the server checks it like the API (assignee of the practice, its patient, an encounter of
 * that patient) and sets the author and time.
 */
export function useCreateTask(): (input: TaskCreateInput & { encounterId?: string | null }) => Promise<TaskDoc> {
  const engine = useSyncEngine();
  return useCallback(async (input) => {
    const local = requireLocal(engine);
    const user = engine?.user();
    if (!user || !isTeam(user.role)) throw new Error("Only the practice's doctor and VMAs make its tasks.");
    const practiceId = user.role === "doctor" ? user.id : user.doctor?.id ?? "";
    const [assignee, patient] = await Promise.all([
      local.db.practice_members.findOne({ selector: { userId: input.assigneeId } }).exec(),
      local.db.patients.findOne(input.patientId).exec(),
    ]);
    const nameOf = (d: { firstName: string; lastName: string } | null | undefined) => (d ? `${d.firstName} ${d.lastName}` : "");
    const now = deviceNow();
    const doc = parseOrThrow(taskDocSchema, {
      id: crypto.randomUUID(), practiceId, assigneeId: input.assigneeId, assigneeName: nameOf(assignee?.toJSON()),
      patientId: input.patientId, patientName: patient ? nameOf(patient.toJSON()) : null, encounterId: input.encounterId ?? null,
      description: input.description, category: input.category, status: "open", dueDate: input.dueDate ?? null,
      createdBy: user.id, createdByName: nameOf(user), onBehalfOf: user.role === "vma" ? practiceId : null, updatedBy: user.id,
      createdAt: now, updatedAt: 0, _deleted: false,
    }) as TaskDoc;
    void local.markPending("tasks", [doc.id]);
    await local.db.tasks.insert(withoutDeleted(doc) as never);
    return doc;
  }, [engine]);
}
