/**
 * A change the server refuses ends on the device: for every collection and
 * every kind of refusal a push can get (a field the pusher may not write, a
 * value their role may not choose, another person's row, a delete that is not
 * theirs, a delete undone, a server-owned field, a create out of scope, a merge
 * the schema refuses), a device running the PWA's real data layer (RxDB,
 * `replicateCollection`, the shared conflict handlers) against this server
 * pushes a bounded number of times and then holds exactly the server's document.
 * Without `resolvePushConflict`'s rule 2 the three-way merges pushed the
 * refused change again for ever (the device caps its pushes at 10 per document
 * and the test reports the loop).
 */
import assert from "node:assert/strict";
import { createActorLookup } from "../../access/resolve-actor.ts";
import { apiTest, type TestContext } from "../../test/harness.ts";
import { openRxDevice, type RxDevice } from "../../test/rx-device.ts";
import {
  create, createChat, createConsultationRow, createEncounterWithNote, createPractice, newDraft, newEncounterNote, newFile,
  newMessage, push, stored, type TestUser,
} from "../../test/sync-fixtures.ts";
import { type CollectionName, NOTE_FIELDS_MAX_BYTES, sameValue } from "../../../../sync/collections/index.ts";
import { isRefusedTombstone } from "../../../../sync/protocol.ts";

type Doc = Record<string, unknown> & { id: string; updatedAt: number; _deleted: boolean };

/**
 * Pushes of one document after the server's first conflict answer: the merge of a
 * concurrent change, and RxDB may send a resolved document once more (measured: 0 or 1).
 */
const MAX_PUSHES_AFTER_REFUSAL = 2;

async function seed(ctx: TestContext, user: TestUser, collection: CollectionName, doc: Doc) {
  const res = await push(ctx, user.token, collection, [create(doc)]);
  assert.deepEqual([res.status, res.body.result], [200, []], JSON.stringify(res.body));
}

/** A local write as the PWA's hooks make them (RxDB keeps `_deleted` itself). */
async function patch(device: RxDevice, collection: CollectionName, id: string, changes: Record<string, unknown>) {
  const doc = await (device.db[collection] as any).findOne(id).exec();
  assert.ok(doc, `the device holds ${collection} ${id}`);
  await doc.incrementalPatch(changes);
}
async function remove(device: RxDevice, collection: CollectionName, id: string) {
  await (await (device.db[collection] as any).findOne(id).exec()).incrementalRemove();
}
async function insert(device: RxDevice, collection: CollectionName, doc: Doc) {
  const { _deleted, ...stored } = doc;
  await (device.db[collection] as any).insert(stored);
}

/**
 * After `act` (a local change) and a sync: the server answered the push with a
 * conflict (a refusal, or first the master someone else changed), the device
 * pushed the document at most twice more after that first answer and no loop
 * was cut off, no push was refused as a whole (400), the change is no longer
 * pending (the status reaches "Synced"), and the device's copy is the server's
 * row — for a refused create, a dropped (deleted) copy of a row the server does not have.
 */
async function assertSettles(
  ctx: TestContext,
  device: RxDevice,
  collection: CollectionName,
  id: string,
  act: () => Promise<unknown>,
  expect: { server: "unchanged" | "refusedCreate" | ((doc: Doc) => boolean); told?: "dropped" | "reverted" } = { server: "unchanged" },
) {
  const before = await stored<Doc>(ctx, collection, id);
  const since = device.pushesOf(id).length;
  const toldBefore = device.refusals.length;
  device.markPending(collection, id);
  await act();
  await device.sync();
  const rows = device.pushesOf(id).slice(since);
  const answers = JSON.stringify(rows.map((r) => r.answer === null ? "stored" : "id" in r.answer ? "conflict" : r.answer));
  assert.equal(device.looped.has(id), false, `${collection}: pushed the refused change again and again: ${answers}…`);
  assert.ok(rows.every((r) => r.answer === null || "id" in r.answer), `${collection}: no push was refused as a whole: ${answers}`);
  const first = rows.findIndex((r) => r.answer !== null);
  assert.ok(first >= 0, `${collection}: the server answered a conflict: ${answers}`);
  assert.ok(rows.length - 1 - first <= MAX_PUSHES_AFTER_REFUSAL, `${collection}: pushes after the first conflict answer: ${answers}`);
  assert.equal(device.isPending(collection, id), false, `${collection}: the change is settled (the status can say Synced)`);

  // The user is told what was not accepted, once: a create dropped; an edit of a field the device may write reverted.
  const told = device.refusals.slice(toldBefore).filter((r) => r.id === id).map((r) => r.outcome);
  const tellable = expect.server === "refusedCreate" ? "dropped" : expect.told;
  assert.deepEqual(told, tellable ? [tellable] : [], `${collection}: what the user is told`);

  const server = await stored<Doc>(ctx, collection, id);
  const local = await device.local(collection, id);
  if (expect.server === "refusedCreate") {
    assert.equal(server, null, `${collection}: nothing was created`);
    assert.ok(local && isRefusedTombstone(local), `${collection}: the device dropped its copy: ${JSON.stringify(local)}`);
    return;
  }
  if (expect.server === "unchanged") assert.ok(sameValue(server, before), `${collection}: the server's row is unchanged`);
  else assert.ok(expect.server(server!), `${collection}: the server's row: ${JSON.stringify(server)}`);
  assert.ok(sameValue(local, server), `${collection}: the device holds the server's row\n device ${JSON.stringify(local)}\n server ${JSON.stringify(server)}`);
}

apiTest("sync: every refused change settles on the device in at most two pushes, holding the server's row", async (t, ctx) => {
  const { doctor, vma, patient } = await createPractice(ctx);
  const other = await createPractice(ctx);
  const open = (user: TestUser, collection: CollectionName) => openRxDevice(ctx, user, [collection]);

  await t.step("chats (server wins; nobody writes by sync)", async () => {
    const chatId = await createChat(ctx, [patient.id, doctor.id]);
    const device = await open(patient, "chats");
    try {
      await device.sync();
      await assertSettles(ctx, device, "chats", chatId, () => patch(device, "chats", chatId, { title: "Mine now" }));
      await assertSettles(ctx, device, "chats", chatId, () => remove(device, "chats", chatId));
      const made = { id: crypto.randomUUID(), kind: "group", title: "New", memberIds: [patient.id], lastMessageAt: null, updatedAt: 0, _deleted: false };
      await assertSettles(ctx, device, "chats", made.id, () => insert(device, "chats", made), { server: "refusedCreate" });
    } finally {
      await device.close();
    }
  });

  await t.step("chat_messages (server wins; the author edits and deletes)", async () => {
    const chatId = await createChat(ctx, [patient.id, doctor.id]);
    const theirs = newMessage(chatId, doctor.id, "From the doctor");
    await seed(ctx, doctor, "chat_messages", theirs);
    const mine = newMessage(chatId, patient.id, "From me");
    await seed(ctx, patient, "chat_messages", mine);
    const elsewhere = await createChat(ctx, [other.patient.id, other.doctor.id]);
    const device = await open(patient, "chat_messages");
    try {
      await device.sync();
      await assertSettles(ctx, device, "chat_messages", theirs.id, () => patch(device, "chat_messages", theirs.id, { text: "Edited by the patient" }), { server: "unchanged", told: "reverted" });
      await assertSettles(ctx, device, "chat_messages", theirs.id, () => remove(device, "chat_messages", theirs.id), { server: "unchanged", told: "reverted" });
      // Server-owned and unwritable fields of one's own message.
      await assertSettles(ctx, device, "chat_messages", mine.id, () => patch(device, "chat_messages", mine.id, { authorId: doctor.id }));
      await assertSettles(ctx, device, "chat_messages", mine.id, () => patch(device, "chat_messages", mine.id, { createdAt: new Date(0).toISOString() }));
      const intruder = newMessage(elsewhere, patient.id, "Let me in");
      await assertSettles(ctx, device, "chat_messages", intruder.id, () => insert(device, "chat_messages", intruder), { server: "refusedCreate" });
    } finally {
      await device.close();
    }
  });

  await t.step("note_drafts (three-way field merge)", async () => {
    const draft = newDraft(patient.id, doctor.id, { subjective: "Cough" });
    await seed(ctx, doctor, "note_drafts", draft);
    const device = await open(vma, "note_drafts");
    try {
      await device.sync();
      // patientId is not writable: the whole row is refused, the title with it.
      const secondPatient = await ctx.createUser("patient", { doctor_id: doctor.id });
      await assertSettles(ctx, device, "note_drafts", draft.id, () => patch(device, "note_drafts", draft.id, { patientId: secondPatient.id, title: "Moved" }), { server: "unchanged", told: "reverted" });
      await assertSettles(ctx, device, "note_drafts", draft.id, () => patch(device, "note_drafts", draft.id, { authorId: vma.id }));
      const outside = newDraft(other.patient.id, vma.id);
      await assertSettles(ctx, device, "note_drafts", outside.id, () => insert(device, "note_drafts", outside), { server: "refusedCreate" });
    } finally {
      await device.close();
    }
  });

  await t.step("note_drafts: a merge past the schema's 100 KB takes the master", async () => {
    const draft = newDraft(patient.id, doctor.id, { a: "", b: "" });
    await seed(ctx, doctor, "note_drafts", draft);
    const device = await open(vma, "note_drafts");
    try {
      await device.sync();
      const big = "x".repeat(Math.floor(NOTE_FIELDS_MAX_BYTES * 0.6));
      // The doctor fills field a; the VMA's device, not having pulled it, fills field b.
      const master = await stored<Doc>(ctx, "note_drafts", draft.id);
      const res = await push(ctx, doctor.token, "note_drafts", [{ assumedMasterState: master, newDocumentState: { ...master, fields: { a: big, b: "" } } }]);
      assert.deepEqual(res.body.result, []);
      await assertSettles(ctx, device, "note_drafts", draft.id, () => patch(device, "note_drafts", draft.id, { fields: { a: "", b: big } }), {
        server: (doc) => (doc.fields as Record<string, string>).a === big && (doc.fields as Record<string, string>).b === "",
      });
    } finally {
      await device.close();
    }
  });

  await t.step("medical_files (three-way merge of name, folder, _deleted)", async () => {
    const own = newFile(patient.id, patient.id, { name: "mine.pdf" });
    await seed(ctx, patient, "medical_files", own);
    const lab = newFile(patient.id, doctor.id, { folder: "Labs", name: "cbc.pdf" });
    await seed(ctx, doctor, "medical_files", lab);
    const device = await open(patient, "medical_files");
    const team = await open(vma, "medical_files");
    try {
      await device.sync();
      // A folder the patient may not choose, the doctor's file renamed or deleted by the patient.
      await assertSettles(ctx, device, "medical_files", own.id, () => patch(device, "medical_files", own.id, { folder: "Labs" }), { server: "unchanged", told: "reverted" });
      await assertSettles(ctx, device, "medical_files", lab.id, () => patch(device, "medical_files", lab.id, { name: "renamed.pdf" }), { server: "unchanged", told: "reverted" });
      await assertSettles(ctx, device, "medical_files", lab.id, () => remove(device, "medical_files", lab.id), { server: "unchanged", told: "reverted" });
      await assertSettles(ctx, device, "medical_files", own.id, () => patch(device, "medical_files", own.id, { size: 5 }));
      // Concurrent: the doctor renames while the patient's device (not having pulled it) moves the
      // file. The merge (their name, my folder) is pushed, refused, and the device takes the master.
      const master = await stored<Doc>(ctx, "medical_files", own.id);
      const res = await push(ctx, doctor.token, "medical_files", [{ assumedMasterState: master, newDocumentState: { ...master, name: "by-doctor.pdf" } }]);
      assert.deepEqual(res.body.result, []);
      await assertSettles(ctx, device, "medical_files", own.id, () => patch(device, "medical_files", own.id, { folder: "Imaging" }), {
        server: (doc) => doc.name === "by-doctor.pdf" && doc.folder === "PatientUploaded",
        // Merged with the doctor's rename, then refused (a patient's file stays in PatientUploaded): told.
        told: "reverted",
      });
      const misfiled = newFile(patient.id, patient.id, { folder: "Labs" });
      await assertSettles(ctx, device, "medical_files", misfiled.id, () => insert(device, "medical_files", misfiled), { server: "refusedCreate" });

      // The merge still keeps both sides when both are allowed: the VMA moves the file the doctor renamed meanwhile.
      await team.sync();
      const current = await stored<Doc>(ctx, "medical_files", own.id);
      await push(ctx, doctor.token, "medical_files", [{ assumedMasterState: current, newDocumentState: { ...current, name: "final.pdf" } }]);
      await patch(team, "medical_files", own.id, { folder: "Consults" });
      await team.sync();
      await team.sync(); // the merge's own write comes back by pull
      const merged = await stored<Doc>(ctx, "medical_files", own.id);
      assert.deepEqual([merged?.name, merged?.folder], ["final.pdf", "Consults"]);
      assert.deepEqual(await team.local("medical_files", own.id), merged);
      assert.equal(team.looped.size, 0);
    } finally {
      await device.close();
      await team.close();
    }
  });

  await t.step("consultations (server wins; pull-only)", async () => {
    const consultationId = await createConsultationRow(ctx, { doctorId: doctor.id, patientId: patient.id });
    const device = await open(patient, "consultations");
    try {
      await device.sync();
      await assertSettles(ctx, device, "consultations", consultationId, () => patch(device, "consultations", consultationId, { reason: "Changed" }));
      await assertSettles(ctx, device, "consultations", consultationId, () => remove(device, "consultations", consultationId));
      const made = { ...(await device.local("consultations", consultationId))!, id: crypto.randomUUID(), updatedAt: 0, _deleted: false };
      await assertSettles(ctx, device, "consultations", made.id, () => insert(device, "consultations", made), { server: "refusedCreate" });
    } finally {
      await device.close();
    }
  });

  await t.step("encounter_notes (every field from the master but _deleted)", async () => {
    const chart = await createEncounterWithNote(ctx, doctor, patient.id);
    const noteId = chart.noteId!;
    const gone = await createEncounterWithNote(ctx, doctor, patient.id, { noteTypeId: chart.noteTypeId });
    const staff = await open(vma, "encounter_notes");
    const device = await open(doctor, "encounter_notes");
    try {
      await staff.sync();
      await device.sync();
      // The VMA may not delete (the hook refuses it first; the engine must not depend on that).
      await assertSettles(ctx, staff, "encounter_notes", noteId, () => remove(staff, "encounter_notes", noteId), { server: "unchanged", told: "reverted" });
      // Server-owned fields, and a field nobody writes by sync.
      await assertSettles(ctx, device, "encounter_notes", noteId, () => patch(device, "encounter_notes", noteId, { isShared: true }));
      const secondType = (await ctx.call("POST", "/noteTypes", { token: doctor.token, body: { name: "Other", fieldNames: ["x"] } })).body.result.id;
      await assertSettles(ctx, device, "encounter_notes", noteId, () => patch(device, "encounter_notes", noteId, { noteTypeId: secondType }));
      // A delete is final: the doctor deletes, then writes the note back.
      await remove(device, "encounter_notes", gone.noteId!);
      await device.sync();
      assert.equal((await stored<Doc>(ctx, "encounter_notes", gone.noteId!))?._deleted, true);
      const revived = { ...(await device.local("encounter_notes", gone.noteId!))!, _deleted: false };
      await assertSettles(ctx, device, "encounter_notes", gone.noteId!, () => (device.db.encounter_notes as any).upsert(strip(revived)), { server: "unchanged", told: "reverted" });
      // A note in another practice's encounter is refused as a create.
      const theirs = await createEncounterWithNote(ctx, other.doctor, other.patient.id, { note: false });
      const intruder = newEncounterNote({ encounterId: theirs.encounterId, patientId: other.patient.id, noteTypeId: theirs.noteTypeId, authorId: vma.id });
      await assertSettles(ctx, staff, "encounter_notes", intruder.id, () => insert(staff, "encounter_notes", intruder), { server: "refusedCreate" });

      // The doctor's delete made while the note was shared meanwhile survives (the merge still merges).
      const shared = await ctx.call("PUT", `/encounterNotes/share/${noteId}`, { token: doctor.token });
      assert.equal(shared.status, 200, JSON.stringify(shared.body));
      await remove(device, "encounter_notes", noteId);
      await device.sync();
      await device.sync(); // the merge's own write comes back by pull
      const after = await stored<Doc>(ctx, "encounter_notes", noteId);
      assert.deepEqual([after?._deleted, after?.isShared], [true, true]);
      assert.deepEqual(await device.local("encounter_notes", noteId), after);
      assert.equal(device.looped.size + staff.looped.size, 0);
    } finally {
      await staff.close();
      await device.close();
    }
  });

  await t.step("tasks and macros (server wins; a device closes, reopens or makes a task, nothing else)", async () => {
    const meta = { address: null, device: "" };
    const actorOf = async (token: string) => {
      const found = await createActorLookup(ctx.deps)(token);
      if (!("actor" in found)) throw new Error("no actor");
      return found.actor;
    };
    const task = await ctx.services.team.tasks.create(await actorOf(vma.token), {
      assigneeId: doctor.id, patientId: patient.id, description: "Call back", category: "Call back", dueDate: null,
    }, meta);
    const macro = await ctx.services.team.macros.create(await actorOf(doctor.token), { shortcut: ";r1", text: "Refusal" }, meta);
    const device = await open(doctor, "tasks");
    try {
      await device.sync();
      await assertSettles(ctx, device, "tasks", task.id, () => patch(device, "tasks", task.id, { description: "Changed on the device" }));
      await assertSettles(ctx, device, "tasks", task.id, () => patch(device, "tasks", task.id, { assigneeId: vma.id }));
      await assertSettles(ctx, device, "tasks", task.id, () => remove(device, "tasks", task.id));
      // A device may make a task (team/task-sync.ts), not one for somebody outside the practice.
      const made = { ...(await stored<Doc>(ctx, "tasks", task.id))!, id: crypto.randomUUID(), assigneeId: other.doctor.id, updatedAt: 0 };
      await assertSettles(ctx, device, "tasks", made.id, () => insert(device, "tasks", made), { server: "refusedCreate" });
      // Closing is the one change a device makes: stored, by the doctor.
      device.markPending("tasks", task.id);
      await patch(device, "tasks", task.id, { status: "closed" });
      await device.sync();
      const closed = await stored<Doc>(ctx, "tasks", task.id);
      assert.deepEqual([closed?.status, closed?.updatedBy], ["closed", doctor.id]);
      assert.equal(device.isPending("tasks", task.id), false);
    } finally {
      await device.close();
    }
    const macros = await open(vma, "macros");
    try {
      await macros.sync();
      await assertSettles(ctx, macros, "macros", macro.id, () => patch(macros, "macros", macro.id, { text: "Mine" }));
      await assertSettles(ctx, macros, "macros", macro.id, () => remove(macros, "macros", macro.id));
    } finally {
      await macros.close();
    }
    const outsider = await open(other.doctor, "tasks");
    try {
      await outsider.sync();
      assert.equal(await outsider.local("tasks", task.id), null, "another practice's device never holds the task");
    } finally {
      await outsider.close();
    }
  });
});

const strip = ({ _deleted, ...doc }: Doc) => doc;
