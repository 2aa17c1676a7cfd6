import { describe, expect, it } from "vitest";
import { collectionOf, type MedicalFileDoc, type NoteDraftDoc } from "../../../../../sync/collections/index.ts";
import { toRxConflictHandler } from "./conflict-handlers.ts";

const id = () => crypto.randomUUID();
const userId = id();
const patientId = id();

function draft(over: Partial<NoteDraftDoc> = {}): NoteDraftDoc {
  return {
    id: "7d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a", patientId, encounterId: null, noteTypeId: null, title: "Visit",
    fields: { s: "", o: "" }, authorId: userId, updatedBy: userId, updatedAt: 5, _deleted: false, ...over,
  };
}

function file(over: Partial<MedicalFileDoc> = {}): MedicalFileDoc {
  return {
    id: "8d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a", patientId: userId, folder: "PatientUploaded", name: "scan.pdf", size: 10,
    contentType: "application/pdf", kind: null, uploadedBy: userId, status: "pending", rejectReason: null, updatedAt: 3,
    _deleted: false, ...over,
  };
}

describe("RxDB conflict handler adapter", () => {
  const drafts = toRxConflictHandler(collectionOf("note_drafts"));
  const files = toRxConflictHandler(collectionOf("medical_files"));
  const messages = toRxConflictHandler(collectionOf("chat_messages"));

  it("compares content, not RxDB's bookkeeping or key order", () => {
    const a = draft({ fields: { s: "1", o: "2" } });
    const b = { ...draft({ fields: { o: "2", s: "1" } }), _rev: "2-x", _meta: { lwt: 1 } } as NoteDraftDoc;
    expect(drafts.isEqual(a, b, "test")).toBe(true);
    expect(drafts.isEqual(a, draft({ fields: { s: "1", o: "3" } }), "test")).toBe(false);
    expect(drafts.isEqual(a, { ...a, updatedAt: 6 }, "test")).toBe(false);
  });

  it("merges note drafts field by field with mergeNoteDraft", async () => {
    const base = draft();
    const resolved = await drafts.resolve({
      assumedMasterState: base,
      newDocumentState: draft({ fields: { s: "mine", o: "" } }),
      realMasterState: { ...draft({ fields: { s: "", o: "theirs" }, updatedAt: 9 }), _meta: { lwt: 1 } } as NoteDraftDoc,
    }, "test");
    expect(resolved.fields).toEqual({ s: "mine", o: "theirs" });
    expect(resolved.updatedAt).toBe(9);
    expect("_meta" in resolved).toBe(false);
  });

  it("keeps a rename made while the server completed the upload", async () => {
    const resolved = await files.resolve({
      assumedMasterState: file(),
      newDocumentState: file({ name: "renamed.pdf" }),
      realMasterState: file({ status: "uploaded", kind: "pdf", updatedAt: 8 }),
    }, "test");
    expect(resolved).toMatchObject({ name: "renamed.pdf", status: "uploaded", kind: "pdf", updatedAt: 8 });
  });

  it("lets the server win for messages, and for a create (no assumed master)", async () => {
    const local = { id: id(), chatId: id(), authorId: userId, text: "mine", fileIds: [], createdAt: "2026-01-01T00:00:00.000Z", updatedAt: 1, _deleted: false };
    const master = { ...local, text: "theirs", updatedAt: 4 };
    expect(await messages.resolve({ assumedMasterState: local, newDocumentState: { ...local, text: "edit" }, realMasterState: master }, "t")).toEqual(master);
    const fresh = draft({ updatedAt: 0 });
    const masterDraft = draft({ title: "Server", updatedAt: 10 });
    expect(await drafts.resolve({ newDocumentState: fresh, realMasterState: masterDraft }, "t")).toEqual(masterDraft);
  });

  it("takes the master when the server refused the change (the master still holds what the push assumed)", async () => {
    // A patient moving their file to a folder they may not choose: merging would push the move again for ever.
    const master = { ...file(), _rev: "3-x", _meta: { lwt: 1 } } as MedicalFileDoc;
    const resolved = await files.resolve({ assumedMasterState: file(), newDocumentState: file({ folder: "Labs" }), realMasterState: master }, "t");
    expect(resolved).toEqual(file());
    const notes = toRxConflictHandler(collectionOf("encounter_notes"));
    const note = {
      id: id(), encounterId: id(), patientId, noteTypeId: id(), typeName: "SOAP", fieldNames: ["S"], isShared: false, authorId: userId,
      updatedBy: userId, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: 4, _deleted: false,
    };
    // A VMA's delete, refused: the note stays.
    expect(await notes.resolve({ assumedMasterState: note, newDocumentState: { ...note, _deleted: true }, realMasterState: note }, "t")).toEqual(note);
  });

  it("drops the local copy on a refused tombstone, whatever the local edits", async () => {
    const local = file({ name: "renamed.pdf" });
    const tombstone = { ...file(), updatedAt: 0, _deleted: true };
    const resolved = await files.resolve({ assumedMasterState: file(), newDocumentState: local, realMasterState: tombstone }, "t");
    expect(resolved).toEqual(tombstone);
    expect(files.isEqual(resolved, tombstone, "t")).toBe(true);
    const refusedDraft = { ...draft({ updatedAt: 0 }), _deleted: true };
    expect(await drafts.resolve({ newDocumentState: draft({ updatedAt: 0 }), realMasterState: refusedDraft }, "t")).toEqual(refusedDraft);
  });
});
