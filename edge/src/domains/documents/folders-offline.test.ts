/**
 * Medical-file folders offline: a care-team device running the PWA's real data
 * layer (RxDB, replicateCollection) moves, renames and deletes files while off
 * the network; the server changes nothing until the device is back; then the
 * changes are pushed and the patient's own pull shows the folders as moved.
 */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { openRxDevice } from "../../test/rx-device.ts";
import { pullAll } from "../../test/sync-fixtures.ts";
import { createDocumentPractices, pdfBytes, upload } from "./fixtures.ts";

type FileDoc = { id: string; folder: string; name: string; _deleted: boolean };

apiTest("medical-file folders: moves offline, then synced", async (t, ctx) => {
  const p = await createDocumentPractices(ctx);
  const share = async (name: string) => {
    const doc = (await upload(ctx, p.doctor.token, { name, data: await pdfBytes(name) })).body.result;
    const res = await ctx.call("POST", `/documents/share/patient/${doc.id}`, { token: p.doctor.token, body: { userId: p.patient.id } });
    assert.equal(res.status, 200);
  };
  await share("records.pdf");
  await share("old-letter.pdf");
  const patientView = async () =>
    new Map((await pullAll<FileDoc>(ctx, p.patient.token, "medical_files")).docs.map((d) => [d.name, d]));
  const [records, letter] = ["records.pdf", "old-letter.pdf"];

  const device = await openRxDevice(ctx, p.vma, ["medical_files"]);
  try {
    await device.sync();
    const files = (await device.db.medical_files.find().exec()).map((d) => d.toJSON() as unknown as FileDoc);
    const byName = new Map(files.map((f) => [f.name, f]));
    const recordsId = byName.get(records)!.id;
    const letterId = byName.get(letter)!.id;
    assert.equal(byName.get(records)!.folder, "OutsideMedicalRecords");

    await t.step("offline: the device moves, renames and deletes; the server still has the old folders", async () => {
      device.setOnline(false);
      device.markPending("medical_files", recordsId);
      await (await device.db.medical_files.findOne(recordsId).exec())!.incrementalPatch({ folder: "Labs", name: "CBC 2026.pdf" });
      device.markPending("medical_files", letterId);
      await (await device.db.medical_files.findOne(letterId).exec())!.incrementalRemove();
      await new Promise((r) => setTimeout(r, 300));
      assert.equal((await device.local("medical_files", recordsId))!.folder, "Labs");
      assert.ok(device.isPending("medical_files", recordsId));
      const server = await patientView();
      assert.equal(server.get(records)!.folder, "OutsideMedicalRecords");
      assert.equal(server.get(letter)!._deleted, false);
    });

    await t.step("back online: pushed; the patient's folders show the move, the new name and the deletion", async () => {
      device.setOnline(true);
      await device.sync();
      assert.equal(device.isPending("medical_files", recordsId), false);
      assert.equal(device.isPending("medical_files", letterId), false);
      const server = await patientView();
      assert.equal(server.get("CBC 2026.pdf")?.folder, "Labs");
      assert.equal(server.has(records), false);
      assert.equal(server.get(letter)!._deleted, true);
      assert.equal(device.errors.filter((e) => !String(e).includes("Cannot reach")).length, 0);
    });
  } finally {
    await device.close();
  }
});
