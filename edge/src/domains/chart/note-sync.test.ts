/**
 * Every change of a note through the chart API (create, edit, share, unshare,
 * delete, sending an encounter with everything, deleting the encounter) gives
 * the synced row a new seq: a device pulling from its checkpoint gets it, and
 * the care team's live sockets receive it; the patient's never do. A patient
 * assigned to a new doctor brings their notes to the new care team.
 */
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { apiTest } from "../../test/harness.ts";
import { connectSocket, type RecordingSocket, sleep } from "../../test/socket-client.ts";
import { createEncounterWithNote, createPractice, pull, pullAll } from "../../test/sync-fixtures.ts";
import { createRealtime } from "../../realtime/realtime.ts";
import type { Checkpoint } from "../../../../sync/protocol.ts";
import type { EncounterNoteDoc } from "../../../../sync/collections/index.ts";

const EVENT = "sync:encounter_notes";

apiTest("encounter notes: chart API writes reach synced devices", async (t, ctx) => {
  const server = createServer(getRequestListener(ctx.app.fetch));
  const realtime = await createRealtime({ server, deps: ctx.deps });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const sockets: RecordingSocket[] = [];
  try {
    const a = await createPractice(ctx);
    const b = await createPractice(ctx);
    const chart = await createEncounterWithNote(ctx, a.doctor, a.patient.id);
    const noteId = chart.noteId!;
    const doctor = (path: string, method = "PUT", body?: unknown) => ctx.call(method, path, { token: a.doctor.token, body });
    const [vmaSocket, patientSocket, outsiderSocket] = await Promise.all([a.vma, a.patient, b.doctor].map(async (u) => {
      const s = await connectSocket(base, u.token);
      sockets.push(s);
      return s;
    }));

    // The VMA's device: everything so far, then each change from its checkpoint.
    let checkpoint: Checkpoint | null = (await pullAll(ctx, a.vma.token, "encounter_notes")).checkpoint;
    const changed = async (): Promise<EncounterNoteDoc[]> => {
      const res = await pull(ctx, a.vma.token, "encounter_notes", checkpoint);
      assert.equal(res.status, 200);
      checkpoint = res.body.result.checkpoint ?? checkpoint;
      return res.body.result.documents;
    };
    const live = (check: (d: EncounterNoteDoc) => boolean) =>
      vmaSocket.next(EVENT, (p) => p.documents.some((d: EncounterNoteDoc) => check(d)), 3000);

    await t.step("share: the puller sees isShared, the VMA's socket receives it live", async () => {
      assert.equal((await doctor(`/encounterNotes/share/${noteId}`)).status, 200);
      const docs = await changed();
      assert.deepEqual(docs.map((d) => [d.id, d.isShared]), [[noteId, true]]);
      await live((d) => d.id === noteId && d.isShared);
    });

    await t.step("unshare", async () => {
      assert.equal((await doctor(`/encounterNotes/unshare/${noteId}`)).status, 200);
      assert.deepEqual((await changed()).map((d) => [d.id, d.isShared]), [[noteId, false]]);
      await live((d) => d.id === noteId && !d.isShared);
    });

    await t.step("edit: another type and the editor", async () => {
      const type = (await doctor("/noteTypes", "POST", { name: "Progress", fieldNames: ["Notes"] })).body.result;
      const res = await ctx.call("PUT", `/encounterNotes/edit/${noteId}`, { token: a.vma.token, body: { noteTypeId: type.id, fields: { Notes: "Better" } } });
      assert.equal(res.status, 200);
      const [doc] = await changed();
      assert.deepEqual([doc.id, doc.noteTypeId, doc.typeName, doc.fieldNames, doc.updatedBy], [noteId, type.id, "Progress", ["Notes"], a.vma.id]);
      assert.ok(!("fields" in doc), "the text never travels by sync");
    });

    let second = "";
    await t.step("create", async () => {
      const res = await doctor(`/encounterNotes/${chart.encounterId}`, "POST", { noteTypeId: chart.noteTypeId, fields: {} });
      assert.equal(res.status, 201);
      second = res.body.result.id;
      const [doc] = await changed();
      assert.deepEqual(
        [doc.id, doc.encounterId, doc.patientId, doc.typeName, doc.isShared, doc.authorId, doc._deleted],
        [second, chart.encounterId, a.patient.id, "SOAP", false, a.doctor.id, false],
      );
      assert.equal(doc.createdAt, res.body.result.createdAt);
      await live((d) => d.id === second);
    });

    await t.step("sending the encounter with everything shares its notes", async () => {
      assert.equal((await doctor(`/encounters/send-all/${chart.encounterId}`, "POST")).status, 200);
      const docs = await changed();
      assert.deepEqual(docs.map((d) => [d.id, d.isShared]).sort(), [[noteId, true], [second, true]].sort());
    });

    await t.step("delete: the device gets the tombstone", async () => {
      assert.equal((await doctor(`/encounterNotes/${second}`, "DELETE")).status, 200);
      assert.deepEqual((await changed()).map((d) => [d.id, d._deleted]), [[second, true]]);
      await live((d) => d.id === second && d._deleted);
    });

    await t.step("deleting the encounter deletes its notes on devices", async () => {
      assert.equal((await doctor(`/encounters/${chart.encounterId}`, "DELETE")).status, 200);
      assert.deepEqual((await changed()).map((d) => [d.id, d._deleted]), [[noteId, true]]);
      await live((d) => d.id === noteId && d._deleted);
    });

    await t.step("the patient and another practice received none of it", async () => {
      await sleep(200);
      assert.deepEqual([patientSocket, outsiderSocket].map((s) => s.events.filter((e) => e.name === EVENT).length), [0, 0]);
    });

    await t.step("a patient assigned to another doctor brings their notes to the new care team", async () => {
      const admin = await ctx.createUser("admin");
      const other = await createEncounterWithNote(ctx, a.doctor, a.patient.id);
      const newDoctor = await ctx.createUser("doctor");
      const newVma = await ctx.createUser("vma", { doctor_id: newDoctor.id });
      const before = await pullAll(ctx, newVma.token, "encounter_notes");
      assert.deepEqual(before.docs, []);
      const res = await ctx.call("POST", "/doctors/choose/admin", { token: admin.token, body: { doctorId: newDoctor.id, patientId: a.patient.id } });
      assert.equal(res.status, 200);
      const after = await pull(ctx, newVma.token, "encounter_notes", before.checkpoint);
      assert.deepEqual(
        after.body.result.documents.map((d: EncounterNoteDoc) => [d.id, d._deleted]).sort(),
        [[noteId, true], [second, true], [other.noteId, false]].sort(),
      );
    });
  } finally {
    for (const s of sockets) s.close();
    await realtime.close();
  }
});
