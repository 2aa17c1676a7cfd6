/**
 * Per-row write rules of a push, from the collection's declared access scope:
 * which values the server forces, and whether an edit or a create stays within
 * what the actor may write. Pure functions; the scope lookups are in scopes.ts.
 */
import type { Actor } from "../../access/actor.ts";
import type { AccessScope, CollectionName } from "../../../../sync/collections/index.ts";

type Doc = Record<string, unknown>;

/** Values the server sets on create, whatever the client sent (`now`: the server's clock). */
export function serverValuesOnCreate(name: CollectionName, actor: Actor, now: Date): Doc {
  switch (name) {
    case "chat_messages":
      return { authorId: actor.userId };
    case "note_drafts":
      return { authorId: actor.userId, updatedBy: actor.userId };
    case "medical_files":
      return { uploadedBy: actor.userId, status: "pending", kind: null, rejectReason: null };
    case "encounter_notes":
      // The type's name and field names are read from the note type (tables.ts); never stored from the client.
      return { authorId: actor.userId, updatedBy: actor.userId, isShared: false, createdAt: now.toISOString() };
    case "tasks":
      // A task made on a device (issue 31): the author, on whose behalf, when; it starts open (task-sync.ts checks).
      return {
        createdBy: actor.userId, onBehalfOf: actor.role === "vma" ? actor.doctorId : null, updatedBy: actor.userId,
        createdAt: now.toISOString(),
      };
    case "chats":
    case "consultations":
    case "macros":
    case "patients":
    case "chart_entries":
    case "note_types":
    case "practice_members":
      return {};
  }
}

/** Values the server sets on every edit. */
export function serverValuesOnEdit(name: CollectionName, actor: Actor): Doc {
  return name === "note_drafts" || name === "tasks" ? { updatedBy: actor.userId } : {};
}

/** The role's constraints on field values (e.g. a patient's files stay in PatientUploaded). */
export function meetsRoleConstraints(access: AccessScope, actor: Actor, doc: Doc): boolean {
  const constraints = access.roleConstraints?.[actor.role] ?? {};
  return Object.entries(constraints).every(([field, allowed]) => (allowed as readonly unknown[]).includes(doc[field]));
}

/** May this edit change these fields of this master? (Read access was checked before.) */
export function mayEdit(access: AccessScope, actor: Actor, master: Doc, next: Doc, changed: string[]): boolean {
  if (!changed.every((f) => access.writableFields.includes(f))) return false;
  if (changed.includes("_deleted")) {
    if (next._deleted && access.deleters && !access.deleters.includes(actor.role)) return false;
    if (!next._deleted && access.deleteIsFinal) return false;
  }
  if (access.ownerField && access.ownerOnlyEdits.includes(actor.role) && master[access.ownerField] !== actor.userId) {
    return false;
  }
  return meetsRoleConstraints(access, actor, next);
}
