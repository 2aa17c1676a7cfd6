/**
 * Access, table-driven: every role (patient, doctor, VMA, admin) against every
 * collection, on their own rows, another doctor's and another patient's.
 */
import assert from "node:assert/strict";
import { createActorLookup } from "../../access/resolve-actor.ts";
import { apiTest } from "../../test/harness.ts";
import {
  create, createChat, createConsultationRow, createEncounterWithNote, createPractice, edit, newDraft, newEncounterNote, newFile,
  newMessage, pullAll, push, snapshot, stored,
} from "../../test/sync-fixtures.ts";
import { COLLECTION_NAMES, type CollectionName } from "../../../../sync/collections/index.ts";
import { refusedTombstone } from "../../../../sync/protocol.ts";

const now = () => new Date().toISOString();
const newTask = (practiceId: string, assigneeId: string, patientId: string) => ({
  id: crypto.randomUUID(), practiceId, assigneeId, assigneeName: "x", patientId, patientName: "x", encounterId: null,
  description: "Call back with the results", category: "Call back", status: "open", dueDate: null, createdBy: assigneeId,
  createdByName: "x", onBehalfOf: null, updatedBy: assigneeId, createdAt: new Date().toISOString(), updatedAt: 0, _deleted: false,
});
const newProblemEntry = (patientId: string, by: string) => {
  const id = crypto.randomUUID();
  return { id, patientId, kind: "problem", encounterId: null, updatedAt: 0, _deleted: false,
    data: { id, patientId, name: "Flu", code: null, status: "active", onset: "", comment: "", isShared: false, createdBy: by, createdAt: now() } };
};
const newEncounterEntry = (patientId: string, by: string) => {
  const id = crypto.randomUUID();
  return { id, patientId, kind: "encounter", encounterId: null, updatedAt: 0, _deleted: false,
    data: { id, patientId, doctorId: by, type: "office", reason: "Home visit", encounterDatetime: now(), consultationId: null, details: "",
      isShared: false, createdBy: by, createdAt: now(), updatedAt: now() } };
};
const newDiagnosisEntry = (patientId: string, encounterId: string, by: string) => {
  const id = crypto.randomUUID();
  return { id, patientId, kind: "diagnosis", encounterId, updatedAt: 0, _deleted: false,
    data: { id, encounterId, patientId, code: "J20.9", description: "Acute bronchitis, unspecified", comment: "", isShared: false, createdBy: by, createdAt: now() } };
};

apiTest("sync access: every role × every collection × own / other doctor's / other patient's rows", async (t, ctx) => {
  const a = await createPractice(ctx);
  const b = await createPractice(ctx);
  const otherPatientOfA = await ctx.createUser("patient", { doctor_id: a.doctor.id });
  const admin = await ctx.createUser("admin", { is_super_admin: true });
  const unapproved = await ctx.createUser("doctor", { application_status: "initial" });
  const patientOfUnapproved = await ctx.createUser("patient", { doctor_id: unapproved.id });
  const vmaOfUnapproved = await ctx.createUser("vma", { doctor_id: unapproved.id });

  // Data, written by people allowed to write it.
  const chatA = await createChat(ctx, [a.patient.id, a.doctor.id]);
  const chatB = await createChat(ctx, [b.patient.id, b.doctor.id]);
  const support = await createChat(ctx, [a.patient.id, admin.id], "support");
  const msgA = newMessage(chatA, a.doctor.id);
  const msgA2 = newMessage(chatA, a.patient.id);
  const msgB = newMessage(chatB, b.patient.id);
  const msgSupport = newMessage(support, admin.id);
  const draftA = newDraft(a.patient.id, a.doctor.id);
  const draftA2 = newDraft(otherPatientOfA.id, a.vma.id);
  const draftB = newDraft(b.patient.id, b.doctor.id);
  const draftC = newDraft(patientOfUnapproved.id, unapproved.id);
  const fileA = newFile(a.patient.id, a.patient.id);
  const labA = newFile(a.patient.id, a.doctor.id, { folder: "Labs", name: "cbc.pdf" });
  const fileB = newFile(b.patient.id, b.patient.id);
  const ok = async (token: string, collection: string, rows: unknown[]) => {
    const res = await push(ctx, token, collection, rows);
    assert.deepEqual([res.status, res.body.result], [200, []], `${collection}: ${JSON.stringify(res.body)}`);
  };
  await ok(a.doctor.token, "chat_messages", [create(msgA)]);
  await ok(a.patient.token, "chat_messages", [create(msgA2)]);
  await ok(b.patient.token, "chat_messages", [create(msgB)]);
  await ok(admin.token, "chat_messages", [create(msgSupport)]);
  await ok(a.doctor.token, "note_drafts", [create(draftA)]);
  await ok(a.vma.token, "note_drafts", [create(draftA2)]);
  await ok(b.doctor.token, "note_drafts", [create(draftB)]);
  await ok(a.patient.token, "medical_files", [create(fileA)]);
  await ok(a.doctor.token, "medical_files", [create(labA)]);
  await ok(b.patient.token, "medical_files", [create(fileB)]);
  // The unapproved doctor's draft can only be written past the API (they have no access).
  const refusedC = await push(ctx, unapproved.token, "note_drafts", [create(draftC)]);
  assert.deepEqual(refusedC.body.result, [refusedTombstone(draftC)]);
  // Consultations are written by the consultation API; their parties need not be a care team.
  const consultA = await createConsultationRow(ctx, { doctorId: a.doctor.id, patientId: a.patient.id });
  const consultBWithA = await createConsultationRow(ctx, { doctorId: a.doctor.id, patientId: b.patient.id });
  const consultC = await createConsultationRow(ctx, { doctorId: unapproved.id, patientId: patientOfUnapproved.id });
  // Encounter notes: through the chart API, and one pushed by the VMA for the other patient of A.
  const chartA = await createEncounterWithNote(ctx, a.doctor, a.patient.id);
  const chartA2 = await createEncounterWithNote(ctx, a.doctor, otherPatientOfA.id, { noteTypeId: chartA.noteTypeId, note: false });
  const chartB = await createEncounterWithNote(ctx, b.doctor, b.patient.id);
  const noteA = chartA.noteId!;
  const noteB = chartB.noteId!;
  const noteA2 = newEncounterNote({ encounterId: chartA2.encounterId, patientId: otherPatientOfA.id, noteTypeId: chartA.noteTypeId, authorId: a.vma.id });
  await ok(a.vma.token, "encounter_notes", [create(noteA2)]);
  // The unapproved practice's note can only be written past the API (they have no access).
  const noteC = crypto.randomUUID();
  let encounterC = "";
  {
    const [type] = await ctx.sql<{ id: string }[]>`insert into note_types (doctor_id, name, field_names) values (${unapproved.id}, 'Old', '{A}') returning id`;
    const [enc] = await ctx.sql<{ id: string }[]>`insert into encounters (patient_id, doctor_id, type, reason, encounter_datetime, created_by)
      values (${patientOfUnapproved.id}, ${unapproved.id}, 'office', 'Visit', now(), ${unapproved.id}) returning id`;
    encounterC = enc.id;
    const doc = { id: noteC, encounterId: enc.id, patientId: patientOfUnapproved.id, noteTypeId: type.id, isShared: true, authorId: unapproved.id, updatedBy: unapproved.id, createdAt: new Date().toISOString(), _deleted: false };
    await ctx.services.sync.write(["encounter_notes"], (w) => w.insert("encounter_notes", doc, Object.keys(doc)));
  }
  const deletedType = (await ctx.call("POST", "/noteTypes", { token: a.doctor.token, body: { name: "Gone", fieldNames: ["x"] } })).body.result.id;
  await ctx.call("DELETE", `/noteTypes/${deletedType}`, { token: a.doctor.token });
  const deletedEncounter = await createEncounterWithNote(ctx, a.doctor, a.patient.id, { noteTypeId: chartA.noteTypeId, note: false });
  await ctx.call("DELETE", `/encounters/${deletedEncounter.encounterId}`, { token: a.doctor.token });
  const noteIn = (chart: { encounterId: string }, patientId: string, authorId: string, over: { noteTypeId?: string } = {}) =>
    newEncounterNote({ encounterId: chart.encounterId, patientId, noteTypeId: over.noteTypeId ?? chartA.noteTypeId, authorId });

  // Tasks and macros: written by the team API, read by the practice.
  const meta = { address: null, device: "" };
  const actorFor = async (token: string) => {
    const found = await createActorLookup(ctx.deps)(token);
    if (!("actor" in found)) throw new Error("no actor");
    return found.actor;
  };
  const taskA = (await ctx.services.team.tasks.create(await actorFor(a.vma.token), { assigneeId: a.doctor.id, patientId: a.patient.id, description: "Call", category: "Call back", dueDate: null }, meta)).id;
  const taskB = (await ctx.services.team.tasks.create(await actorFor(b.doctor.token), { assigneeId: b.vma.id, patientId: b.patient.id, description: "Fax", category: "Referral", dueDate: null }, meta)).id;
  const macroA = (await ctx.services.team.macros.create(await actorFor(a.doctor.token), { shortcut: ";a", text: "A" }, meta)).id;
  const macroB = (await ctx.services.team.macros.create(await actorFor(b.vma.token), { shortcut: ";b", text: "B" }, meta)).id;

  // The panel's rows, as the patients' profile and card writes make them.
  await ctx.services.sync.write(["patients"], (w) =>
    w.touchPatients("patients", [a.patient.id, otherPatientOfA.id, b.patient.id, patientOfUnapproved.id]));

  // The practices' people, as the migration and the triggers make them (a row per practice and member).
  const membersOf = async (doctorId: string) =>
    (await ctx.sql<{ id: string }[]>`select id from practice_members where practice_id = ${doctorId}`).map((r) => r.id);
  const membersA = await membersOf(a.doctor.id);
  const membersB = await membersOf(b.doctor.id);
  assert.equal(membersA.length, 2, "doctor A and their VMA");

  // A patient reads their own chart entries through the patient's view: these encounters are not shared with them,
  // so they arrive as bare tombstones (chart/entries.test.ts checks the view itself).
  const users = {
    "patient A": a.patient, "other patient of doctor A": otherPatientOfA, "doctor A": a.doctor, "VMA of A": a.vma,
    "patient B": b.patient, "doctor B": b.doctor, "VMA of B": b.vma, admin,
    "unapproved doctor": unapproved, "VMA of the unapproved doctor": vmaOfUnapproved, "patient of the unapproved doctor": patientOfUnapproved,
  };
  const sees: Record<keyof typeof users, Record<CollectionName, string[]>> = {
    "patient A": { chats: [chatA, support], chat_messages: [msgA.id, msgA2.id, msgSupport.id], note_drafts: [], medical_files: [fileA.id, labA.id], consultations: [consultA], encounter_notes: [], tasks: [], macros: [], patients: [], chart_entries: [chartA.encounterId, deletedEncounter.encounterId], note_types: [], practice_members: [] },
    "other patient of doctor A": { chats: [], chat_messages: [], note_drafts: [], medical_files: [], consultations: [], encounter_notes: [], tasks: [], macros: [], patients: [], chart_entries: [chartA2.encounterId], note_types: [], practice_members: [] },
    "doctor A": { chats: [chatA], chat_messages: [msgA.id, msgA2.id], note_drafts: [draftA.id, draftA2.id], medical_files: [fileA.id, labA.id], consultations: [consultA, consultBWithA], encounter_notes: [noteA, noteA2.id], tasks: [taskA], macros: [macroA], patients: [a.patient.id, otherPatientOfA.id], chart_entries: [chartA.encounterId, chartA2.encounterId, deletedEncounter.encounterId], note_types: [chartA.noteTypeId, deletedType], practice_members: membersA },
    "VMA of A": { chats: [], chat_messages: [], note_drafts: [draftA.id, draftA2.id], medical_files: [fileA.id, labA.id], consultations: [consultA, consultBWithA], encounter_notes: [noteA, noteA2.id], tasks: [taskA], macros: [macroA], patients: [a.patient.id, otherPatientOfA.id], chart_entries: [chartA.encounterId, chartA2.encounterId, deletedEncounter.encounterId], note_types: [chartA.noteTypeId, deletedType], practice_members: membersA },
    "patient B": { chats: [chatB], chat_messages: [msgB.id], note_drafts: [], medical_files: [fileB.id], consultations: [consultBWithA], encounter_notes: [], tasks: [], macros: [], patients: [], chart_entries: [chartB.encounterId], note_types: [], practice_members: [] },
    "doctor B": { chats: [chatB], chat_messages: [msgB.id], note_drafts: [draftB.id], medical_files: [fileB.id], consultations: [], encounter_notes: [noteB], tasks: [taskB], macros: [macroB], patients: [b.patient.id], chart_entries: [chartB.encounterId], note_types: [chartB.noteTypeId], practice_members: membersB },
    "VMA of B": { chats: [], chat_messages: [], note_drafts: [draftB.id], medical_files: [fileB.id], consultations: [], encounter_notes: [noteB], tasks: [taskB], macros: [macroB], patients: [b.patient.id], chart_entries: [chartB.encounterId], note_types: [chartB.noteTypeId], practice_members: membersB },
    admin: { chats: [support], chat_messages: [msgSupport.id], note_drafts: [], medical_files: [], consultations: [], encounter_notes: [], tasks: [], macros: [], patients: [], chart_entries: [], note_types: [], practice_members: [] },
    "unapproved doctor": { chats: [], chat_messages: [], note_drafts: [], medical_files: [], consultations: [consultC], encounter_notes: [], tasks: [], macros: [], patients: [], chart_entries: [], note_types: [], practice_members: [] },
    "VMA of the unapproved doctor": { chats: [], chat_messages: [], note_drafts: [], medical_files: [], consultations: [], encounter_notes: [], tasks: [], macros: [], patients: [], chart_entries: [], note_types: [], practice_members: [] },
    "patient of the unapproved doctor": { chats: [], chat_messages: [], note_drafts: [], medical_files: [], consultations: [consultC], encounter_notes: [], tasks: [], macros: [], patients: [], chart_entries: [encounterC], note_types: [], practice_members: [] },
  };

  for (const [who, user] of Object.entries(users) as [keyof typeof users, typeof admin][]) {
    for (const collection of COLLECTION_NAMES) {
      await t.step(`pull: ${who} receives exactly their ${collection}`, async () => {
        const { docs } = await pullAll(ctx, user.token, collection);
        assert.deepEqual(docs.map((d) => d.id).sort(), [...sees[who][collection]].sort());
      });
    }
  }

  // Pushes: who may write what. `written` rows are stored; every other answer changes nothing.
  const master = async (collection: CollectionName, id: string) => (await stored(ctx, collection, id))!;
  type Expect = "written" | "master" | "refused";
  type Made = { token: string; collection: CollectionName; row: any };
  const cases: [string, () => Made | Promise<Made>, Expect][] = [
    // chats are pull-only
    ["a member edits a chat's title", async () => ({ token: a.patient.token, collection: "chats", row: edit(await master("chats", chatA), { title: "mine" }) }), "master"],
    ["a user creates a chat", () => ({ token: a.doctor.token, collection: "chats", row: create({ id: crypto.randomUUID(), kind: "group", title: "x", memberIds: [a.doctor.id], lastMessageAt: null, updatedAt: 0, _deleted: false }) }), "refused"],
    ["a non-member edits another practice's chat", async () => ({ token: a.doctor.token, collection: "chats", row: edit(await master("chats", chatB), { title: "x" }) }), "refused"],
    // the panel is pull-only: its data is written by the profile and medical-card calls
    ["the doctor edits a patient's name on the panel", async () => ({ token: a.doctor.token, collection: "patients", row: edit(await master("patients", a.patient.id), { firstName: "Renamed" }) }), "master"],
    ["a VMA changes a patient's email on the panel", async () => ({ token: a.vma.token, collection: "patients", row: edit(await master("patients", a.patient.id), { email: "x@example.test" }) }), "master"],
    // the chart's entries are pull-only: the chart API writes them
    ["the doctor edits an encounter entry", async () => ({ token: a.doctor.token, collection: "chart_entries", row: edit(await master("chart_entries", chartA.encounterId), { encounterId: chartA2.encounterId }) }), "master"],
    ["a VMA records a problem for their doctor's patient", () => ({ token: a.vma.token, collection: "chart_entries", row: create(newProblemEntry(a.patient.id, a.vma.id)) }), "written"],
    ["a VMA records an encounter (the doctor's)", () => ({ token: a.vma.token, collection: "chart_entries", row: create(newEncounterEntry(a.patient.id, a.doctor.id)) }), "refused"],
    ["another practice records a problem for this patient", () => ({ token: b.doctor.token, collection: "chart_entries", row: create(newProblemEntry(a.patient.id, b.doctor.id)) }), "refused"],
    ["a patient records a problem of their own", () => ({ token: a.patient.token, collection: "chart_entries", row: create(newProblemEntry(a.patient.id, a.patient.id)) }), "refused"],
    ["the doctor records a diagnosis on another patient's encounter", () => ({ token: a.doctor.token, collection: "chart_entries", row: create(newDiagnosisEntry(otherPatientOfA.id, chartA.encounterId, a.doctor.id)) }), "refused"],
    ["the doctor records a diagnosis on their patient's encounter", () => ({ token: a.doctor.token, collection: "chart_entries", row: create(newDiagnosisEntry(a.patient.id, chartA.encounterId, a.doctor.id)) }), "written"],
    ["another practice deletes a chart entry", async () => ({ token: b.doctor.token, collection: "chart_entries", row: edit(await master("chart_entries", chartA.encounterId), { _deleted: true }) }), "refused"],
    ["another practice edits a patient on the panel", async () => ({ token: b.doctor.token, collection: "patients", row: edit(await master("patients", a.patient.id), { firstName: "Mine" }) }), "refused"],
    ["a patient writes their own panel row", async () => ({ token: a.patient.token, collection: "patients", row: edit(await master("patients", a.patient.id), { firstName: "Me" }) }), "refused"],
    // tasks: a device creates one under the tasks API's rules (team/task-sync.ts)
    ["the doctor assigns their VMA a task about their patient", () => ({ token: a.doctor.token, collection: "tasks", row: create(newTask(a.doctor.id, a.vma.id, a.patient.id)) }), "written"],
    ["a VMA assigns their doctor a task", () => ({ token: a.vma.token, collection: "tasks", row: create(newTask(a.doctor.id, a.doctor.id, a.patient.id)) }), "written"],
    ["a doctor assigns a task to another practice's VMA", () => ({ token: a.doctor.token, collection: "tasks", row: create(newTask(a.doctor.id, b.vma.id, a.patient.id)) }), "refused"],
    ["a doctor makes a task about another practice's patient", () => ({ token: a.doctor.token, collection: "tasks", row: create(newTask(a.doctor.id, a.vma.id, b.patient.id)) }), "refused"],
    ["a doctor makes a task in another practice", () => ({ token: a.doctor.token, collection: "tasks", row: create(newTask(b.doctor.id, b.vma.id, b.patient.id)) }), "refused"],
    ["a doctor makes a task already closed", () => ({ token: a.doctor.token, collection: "tasks", row: create({ ...newTask(a.doctor.id, a.vma.id, a.patient.id), status: "closed" }) }), "refused"],
    ["a task with no description", () => ({ token: a.doctor.token, collection: "tasks", row: create({ ...newTask(a.doctor.id, a.vma.id, a.patient.id), description: "  " }) }), "refused"],
    ["a patient makes a task", () => ({ token: a.patient.token, collection: "tasks", row: create(newTask(a.doctor.id, a.vma.id, a.patient.id)) }), "refused"],
    ["an admin makes a practice task", () => ({ token: admin.token, collection: "tasks", row: create(newTask(a.doctor.id, a.vma.id, a.patient.id)) }), "refused"],
    // the practice's people are pull-only
    ["a VMA renames a member of the practice", async () => ({ token: a.vma.token, collection: "practice_members", row: edit(await master("practice_members", membersA[0]), { firstName: "X" }) }), "master"],
    ["a doctor adds a member to their practice", () => ({ token: a.doctor.token, collection: "practice_members", row: create({ id: crypto.randomUUID(), practiceId: a.doctor.id, userId: b.vma.id, firstName: "B", lastName: "V", role: "vma", updatedAt: 0, _deleted: false }) }), "refused"],
    // chat messages
    ["a member writes in their chat", () => ({ token: a.patient.token, collection: "chat_messages", row: create(newMessage(chatA, a.patient.id)) }), "written"],
    ["a doctor writes in another doctor's chat", () => ({ token: a.doctor.token, collection: "chat_messages", row: create(newMessage(chatB, a.doctor.id)) }), "refused"],
    ["an admin writes in a patient's chat with their doctor", () => ({ token: admin.token, collection: "chat_messages", row: create(newMessage(chatA, admin.id)) }), "refused"],
    ["a VMA writes in a chat they are not in", () => ({ token: a.vma.token, collection: "chat_messages", row: create(newMessage(chatA, a.vma.id)) }), "refused"],
    ["the author edits their message", async () => ({ token: a.doctor.token, collection: "chat_messages", row: edit(await master("chat_messages", msgA.id), { text: "edited" }) }), "written"],
    ["a member edits someone else's message", async () => ({ token: a.patient.token, collection: "chat_messages", row: edit(await master("chat_messages", msgA.id), { text: "not mine" }) }), "master"],
    ["a member deletes someone else's message", async () => ({ token: a.patient.token, collection: "chat_messages", row: edit(await master("chat_messages", msgA.id), { _deleted: true }) }), "master"],
    ["the author moves a message to another chat (not writable)", async () => ({ token: a.patient.token, collection: "chat_messages", row: edit(await master("chat_messages", msgA2.id), { chatId: support }) }), "master"],
    ["the author changes createdAt (not writable)", async () => ({ token: a.patient.token, collection: "chat_messages", row: edit(await master("chat_messages", msgA2.id), { createdAt: "2020-01-01T00:00:00.000Z" }) }), "master"],
    ["an outsider edits a message they cannot see", async () => ({ token: b.doctor.token, collection: "chat_messages", row: edit(await master("chat_messages", msgA.id), { text: "x" }) }), "refused"],
    // note drafts
    ["the doctor drafts a note for their patient", () => ({ token: a.doctor.token, collection: "note_drafts", row: create(newDraft(a.patient.id, a.doctor.id)) }), "written"],
    ["the VMA drafts a note for their doctor's patient", () => ({ token: a.vma.token, collection: "note_drafts", row: create(newDraft(otherPatientOfA.id, a.vma.id)) }), "written"],
    ["the VMA edits the doctor's draft (same care team)", async () => ({ token: a.vma.token, collection: "note_drafts", row: edit(await master("note_drafts", draftA.id), { title: "by the VMA" }) }), "written"],
    ["a doctor drafts for another doctor's patient", () => ({ token: a.doctor.token, collection: "note_drafts", row: create(newDraft(b.patient.id, a.doctor.id)) }), "refused"],
    ["a VMA edits another practice's draft", async () => ({ token: a.vma.token, collection: "note_drafts", row: edit(await master("note_drafts", draftB.id), { title: "x" }) }), "refused"],
    ["a patient drafts a note about themself", () => ({ token: a.patient.token, collection: "note_drafts", row: create(newDraft(a.patient.id, a.patient.id)) }), "refused"],
    ["a patient edits a draft about them", async () => ({ token: a.patient.token, collection: "note_drafts", row: edit(await master("note_drafts", draftA.id), { title: "x" }) }), "refused"],
    ["an admin drafts a note", () => ({ token: admin.token, collection: "note_drafts", row: create(newDraft(a.patient.id, admin.id)) }), "refused"],
    ["the doctor moves a draft to another patient (not writable)", async () => ({ token: a.doctor.token, collection: "note_drafts", row: edit(await master("note_drafts", draftA.id), { patientId: otherPatientOfA.id }) }), "master"],
    // medical files
    ["a patient uploads into PatientUploaded", () => ({ token: a.patient.token, collection: "medical_files", row: create(newFile(a.patient.id, a.patient.id)) }), "written"],
    ["a patient uploads into Labs", () => ({ token: a.patient.token, collection: "medical_files", row: create(newFile(a.patient.id, a.patient.id, { folder: "Labs" })) }), "refused"],
    ["a patient uploads into another patient's record", () => ({ token: a.patient.token, collection: "medical_files", row: create(newFile(b.patient.id, a.patient.id)) }), "refused"],
    ["the doctor files a lab result for their patient", () => ({ token: a.doctor.token, collection: "medical_files", row: create(newFile(a.patient.id, a.doctor.id, { folder: "Labs" })) }), "written"],
    ["the VMA files a consult for their doctor's patient", () => ({ token: a.vma.token, collection: "medical_files", row: create(newFile(a.patient.id, a.vma.id, { folder: "Consults" })) }), "written"],
    ["a doctor files into another doctor's patient", () => ({ token: a.doctor.token, collection: "medical_files", row: create(newFile(b.patient.id, a.doctor.id, { folder: "Labs" })) }), "refused"],
    ["an admin files a document", () => ({ token: admin.token, collection: "medical_files", row: create(newFile(a.patient.id, admin.id, { folder: "Misc" })) }), "refused"],
    ["a patient renames their own upload", async () => ({ token: a.patient.token, collection: "medical_files", row: edit(await master("medical_files", fileA.id), { name: "renamed.pdf" }) }), "written"],
    ["a patient moves their upload to Labs", async () => ({ token: a.patient.token, collection: "medical_files", row: edit(await master("medical_files", fileA.id), { folder: "Labs" }) }), "master"],
    ["a patient renames the doctor's lab file", async () => ({ token: a.patient.token, collection: "medical_files", row: edit(await master("medical_files", labA.id), { name: "x.pdf" }) }), "master"],
    ["a patient deletes the doctor's lab file", async () => ({ token: a.patient.token, collection: "medical_files", row: edit(await master("medical_files", labA.id), { _deleted: true }) }), "master"],
    ["the doctor moves the patient's upload to Imaging", async () => ({ token: a.doctor.token, collection: "medical_files", row: edit(await master("medical_files", fileA.id), { folder: "Imaging" }) }), "written"],
    ["a patient marks their upload uploaded (server field)", async () => ({ token: b.patient.token, collection: "medical_files", row: edit(await master("medical_files", fileB.id), { status: "uploaded" }) }), "master"],
    ["a patient changes a file's size (not writable)", async () => ({ token: b.patient.token, collection: "medical_files", row: edit(await master("medical_files", fileB.id), { size: 5 }) }), "master"],
    // consultations are pull-only
    ["the patient reschedules their consultation by sync", async () => ({ token: a.patient.token, collection: "consultations", row: edit(await master("consultations", consultA), { startAt: "2031-01-01T17:00:00.000Z" }) }), "master"],
    ["a doctor declines another doctor's consultation by sync", async () => ({ token: a.doctor.token, collection: "consultations", row: edit(await master("consultations", consultC), { status: "declined" }) }), "refused"],
    ["the doctor cancels by sync", async () => ({ token: a.doctor.token, collection: "consultations", row: edit(await master("consultations", consultA), { status: "canceled", cancelReason: "x" }) }), "master"],
    ["a patient books by sync", async () => ({ token: a.patient.token, collection: "consultations", row: create({ ...(await master("consultations", consultA)), id: crypto.randomUUID(), updatedAt: 0 }) }), "refused"],
    ["an outsider edits a consultation they cannot see", async () => ({ token: b.doctor.token, collection: "consultations", row: edit(await master("consultations", consultA), { reason: "x" }) }), "refused"],
    // encounter notes: created by the care team into a visible encounter of that patient with a type of the practice
    ["the doctor creates a note in their patient's encounter", () => ({ token: a.doctor.token, collection: "encounter_notes", row: create(noteIn(chartA, a.patient.id, a.doctor.id)) }), "written"],
    ["the VMA creates a note in their doctor's patient's encounter", () => ({ token: a.vma.token, collection: "encounter_notes", row: create(noteIn(chartA2, otherPatientOfA.id, a.vma.id)) }), "written"],
    ["another doctor creates a note for a patient not theirs", () => ({ token: b.doctor.token, collection: "encounter_notes", row: create(noteIn(chartA, a.patient.id, b.doctor.id)) }), "refused"],
    ["another doctor's VMA creates a note for a patient not theirs", () => ({ token: b.vma.token, collection: "encounter_notes", row: create(noteIn(chartA, a.patient.id, b.vma.id)) }), "refused"],
    ["the patient creates a note about themself", () => ({ token: a.patient.token, collection: "encounter_notes", row: create(noteIn(chartA, a.patient.id, a.patient.id)) }), "refused"],
    ["another patient creates a note", () => ({ token: b.patient.token, collection: "encounter_notes", row: create(noteIn(chartB, b.patient.id, b.patient.id, { noteTypeId: chartB.noteTypeId })) }), "refused"],
    ["an admin creates a note", () => ({ token: admin.token, collection: "encounter_notes", row: create(noteIn(chartA, a.patient.id, admin.id)) }), "refused"],
    ["a note naming the doctor's patient in another patient's encounter (same practice)", () => ({ token: a.doctor.token, collection: "encounter_notes", row: create(noteIn(chartA2, a.patient.id, a.doctor.id)) }), "refused"],
    ["a note naming the doctor's patient in another practice's encounter", () => ({ token: a.doctor.token, collection: "encounter_notes", row: create(noteIn(chartB, a.patient.id, a.doctor.id)) }), "refused"],
    ["a note for another practice's patient in the doctor's own encounter", () => ({ token: a.doctor.token, collection: "encounter_notes", row: create(noteIn(chartA, b.patient.id, a.doctor.id)) }), "refused"],
    ["a note in a made-up encounter", () => ({ token: a.doctor.token, collection: "encounter_notes", row: create(noteIn({ encounterId: crypto.randomUUID() }, a.patient.id, a.doctor.id)) }), "refused"],
    ["a note in a deleted encounter", () => ({ token: a.doctor.token, collection: "encounter_notes", row: create(noteIn(deletedEncounter, a.patient.id, a.doctor.id)) }), "refused"],
    ["a note with another practice's note type", () => ({ token: a.vma.token, collection: "encounter_notes", row: create(noteIn(chartA, a.patient.id, a.vma.id, { noteTypeId: chartB.noteTypeId })) }), "refused"],
    ["a note with a deleted note type", () => ({ token: a.doctor.token, collection: "encounter_notes", row: create(noteIn(chartA, a.patient.id, a.doctor.id, { noteTypeId: deletedType })) }), "refused"],
    ["a note with a made-up note type", () => ({ token: a.doctor.token, collection: "encounter_notes", row: create(noteIn(chartA, a.patient.id, a.doctor.id, { noteTypeId: crypto.randomUUID() })) }), "refused"],
    // ... and only deleted after that, by the doctor, for good; every other field is the server's
    ["the doctor shares a note by push (server-owned)", async () => ({ token: a.doctor.token, collection: "encounter_notes", row: edit(await master("encounter_notes", noteA), { isShared: true }) }), "master"],
    ["the doctor renames the note's type by push (server-owned)", async () => ({ token: a.doctor.token, collection: "encounter_notes", row: edit(await master("encounter_notes", noteA), { typeName: "Other" }) }), "master"],
    ["the doctor moves a note to another encounter (not writable)", async () => ({ token: a.doctor.token, collection: "encounter_notes", row: edit(await master("encounter_notes", noteA), { encounterId: deletedEncounter.encounterId }) }), "master"],
    ["the doctor changes a note's type (not writable)", async () => ({ token: a.doctor.token, collection: "encounter_notes", row: edit(await master("encounter_notes", noteA), { noteTypeId: deletedType }) }), "master"],
    ["the doctor moves a note to another patient (not writable)", async () => ({ token: a.doctor.token, collection: "encounter_notes", row: edit(await master("encounter_notes", noteA), { patientId: otherPatientOfA.id }) }), "master"],
    ["the VMA deletes a note (the doctor's decision)", async () => ({ token: a.vma.token, collection: "encounter_notes", row: edit(await master("encounter_notes", noteA2.id), { _deleted: true }) }), "master"],
    ["another doctor deletes a note they cannot see", async () => ({ token: b.doctor.token, collection: "encounter_notes", row: edit(await master("encounter_notes", noteA), { _deleted: true }) }), "refused"],
    ["another doctor's VMA deletes a note they cannot see", async () => ({ token: b.vma.token, collection: "encounter_notes", row: edit(await master("encounter_notes", noteA), { _deleted: true }) }), "refused"],
    ["the patient deletes a note about them", async () => ({ token: a.patient.token, collection: "encounter_notes", row: edit(await master("encounter_notes", noteA), { _deleted: true }) }), "refused"],
    ["an admin deletes a note", async () => ({ token: admin.token, collection: "encounter_notes", row: edit(await master("encounter_notes", noteA), { _deleted: true }) }), "refused"],
    ["the unapproved doctor deletes their old note", async () => ({ token: unapproved.token, collection: "encounter_notes", row: edit(await master("encounter_notes", noteC), { _deleted: true }) }), "refused"],
    ["the doctor deletes a note", async () => ({ token: a.doctor.token, collection: "encounter_notes", row: edit(await master("encounter_notes", noteA2.id), { _deleted: true }) }), "written"],
    ["the doctor restores a deleted note", async () => ({ token: a.doctor.token, collection: "encounter_notes", row: edit(await master("encounter_notes", noteA2.id), { _deleted: false }) }), "master"],
  ];

  for (const [label, make, expected] of cases) {
    await t.step(`push: ${label} → ${expected}`, async () => {
      const { token, collection, row } = await make();
      const before = await snapshot(ctx);
      const res = await push(ctx, token, collection, [row]);
      assert.equal(res.status, 200);
      const id = row.newDocumentState.id;
      if (expected === "written") {
        assert.deepEqual(res.body.result, []);
        const doc = await stored(ctx, collection, id);
        assert.ok(doc.updatedAt > (row.assumedMasterState?.updatedAt ?? 0));
        return;
      }
      if (expected === "master") assert.deepEqual(res.body.result, [await stored(ctx, collection, id)]);
      else assert.deepEqual(res.body.result, [refusedTombstone(row.newDocumentState)]);
      assert.equal(await snapshot(ctx), before, "nothing changed");
    });
  }

  await t.step("server fields are forced on create: authorId, uploadedBy, status", async () => {
    const file = newFile(a.patient.id, a.patient.id, { folder: "Labs", status: "uploaded", kind: "pdf", rejectReason: "x" });
    await push(ctx, a.doctor.token, "medical_files", [create({ ...file, uploadedBy: a.patient.id })]);
    const doc = await stored(ctx, "medical_files", file.id);
    assert.deepEqual([doc.uploadedBy, doc.status, doc.kind, doc.rejectReason], [a.doctor.id, "pending", null, null]);
    const draft = newDraft(a.patient.id, b.doctor.id);
    await push(ctx, a.vma.token, "note_drafts", [create({ ...draft, updatedBy: b.doctor.id })]);
    const d = await stored(ctx, "note_drafts", draft.id);
    assert.deepEqual([d.authorId, d.updatedBy], [a.vma.id, a.vma.id]);
    await push(ctx, a.doctor.token, "note_drafts", [edit(await master("note_drafts", draft.id), { title: "doctor's edit" })]);
    assert.deepEqual((await stored(ctx, "note_drafts", draft.id)).updatedBy, a.doctor.id);
  });

  await t.step("encounter notes: server fields forced on create; a push's delete is the chart's delete", async () => {
    const note = noteIn(chartA, a.patient.id, a.vma.id);
    const forged = { ...note, typeName: "Forged", fieldNames: ["Nope"], isShared: true, authorId: b.doctor.id, updatedBy: b.doctor.id, createdAt: "2020-01-01T00:00:00.000Z" };
    await ok(a.vma.token, "encounter_notes", [create(forged)]);
    const doc = await stored(ctx, "encounter_notes", note.id);
    assert.deepEqual(
      [doc.typeName, doc.fieldNames, doc.isShared, doc.authorId, doc.updatedBy],
      ["SOAP", ["Subjective", "Plan"], false, a.vma.id, a.vma.id],
    );
    assert.equal(doc.createdAt, ctx.clock.now().toISOString(), "the server's clock");
    const listed = async () => (await ctx.call("GET", `/encounterNotes/${chartA.encounterId}/list`, { token: a.doctor.token })).body.result.list.map((n: any) => n.id);
    assert.ok((await listed()).includes(note.id), "the chart lists a note created by push");
    await ok(a.doctor.token, "encounter_notes", [edit(doc, { _deleted: true })]);
    assert.ok(!(await listed()).includes(note.id), "deleted by push: gone from the chart");
    const [row] = await ctx.sql`select deleted_at from encounter_notes where id = ${note.id}`;
    assert.ok(row.deleted_at instanceof Date);
    const audit = (await ctx.deps.audit.forSubject(a.patient.id)).filter((r) => r.details.id === note.id).map((r) => [r.event, r.details.what, r.actor_id]);
    assert.deepEqual(audit, [["chart.write", "note.create", a.vma.id], ["chart.write", "note.delete", a.doctor.id]]);
  });

  await t.step("a hidden document answers exactly like one that does not exist", async () => {
    const hidden = await master("note_drafts", draftB.id);
    const ghost = { ...hidden, id: crypto.randomUUID() };
    const [r1, r2] = [
      await push(ctx, a.doctor.token, "note_drafts", [create({ ...hidden, title: "probe" })]),
      await push(ctx, a.doctor.token, "note_drafts", [create({ ...ghost, title: "probe" })]),
    ];
    assert.deepEqual(r1.body.result[0], { ...hidden, title: "probe", updatedAt: 0, _deleted: true });
    assert.deepEqual({ ...r2.body.result[0], id: hidden.id }, r1.body.result[0]);
    const status1 = await ctx.call("GET", `/sync/v1/medical_files/${fileB.id}/content/status`, { token: a.doctor.token });
    const status2 = await ctx.call("GET", `/sync/v1/medical_files/${crypto.randomUUID()}/content/status`, { token: a.doctor.token });
    assert.deepEqual([status1.status, status1.body], [404, status2.body]);
  });
});
