/** The medical-file calls of 02 §7 with every role and bad input: folders, lists with totalCount, add, move, rename, delete. */
import assert from "node:assert/strict";
import { apiTest, type TestContext } from "../../test/harness.ts";
import { createDocumentPractices, pdfBytes } from "./fixtures.ts";

async function add(ctx: TestContext, token: string, patientId: string, folderId: string, name = "scan.pdf", data?: Uint8Array) {
  const form = new FormData();
  form.append("file", new File([(data ?? await pdfBytes(name)) as BlobPart], name, { type: "application/pdf" }));
  form.append("folderId", folderId);
  return await ctx.call("POST", `/medicalFiles/patient/${patientId}`, { token, form });
}

apiTest("medical files: folders, add, move, rename, delete by role", async (t, ctx) => {
  const p = await createDocumentPractices(ctx);
  let labsFile = "";
  let ownFile = "";

  await t.step("add: the care team into any folder; the patient only into PatientUploaded; others 404", async () => {
    const byVma = await add(ctx, p.vma.token, p.patient.id, "Labs", "cbc.pdf");
    assert.equal(byVma.status, 201, JSON.stringify(byVma.body));
    assert.deepEqual([byVma.body.result.folder, byVma.body.result.status, byVma.body.result.kind], ["Labs", "uploaded", "pdf"]);
    labsFile = byVma.body.result.id;
    const own = await add(ctx, p.patient.token, p.patient.id, "PatientUploaded", "my-scan.pdf");
    assert.equal(own.status, 201);
    ownFile = own.body.result.id;
    assert.equal((await add(ctx, p.patient.token, p.patient.id, "Labs")).status, 403);
    for (const token of [p.otherDoctor.token, p.otherVma.token, p.otherPatient.token]) {
      assert.equal((await add(ctx, token, p.patient.id, "Labs")).status, 404);
    }
    assert.equal((await add(ctx, p.admin.token, p.patient.id, "Labs")).status, 403);
    assert.equal((await add(ctx, p.doctor.token, p.patient.id, "Secrets")).status, 400);
    const html = await add(ctx, p.doctor.token, p.patient.id, "Misc", "x.pdf", new TextEncoder().encode("<svg onload=alert(1)>"));
    assert.deepEqual([html.status, html.body.details.reason], [400, "UNSUPPORTED_FILE"]);
  });

  await t.step("folders and a folder's list with totalCount; paging; bad query", async () => {
    const folders = await ctx.call("GET", `/medicalFiles/new/patient/${p.patient.id}/folders`, { token: p.patient.token });
    assert.equal(folders.body.result.length, 7);
    const count = (id: string) => folders.body.result.find((f: { folderId: string }) => f.folderId === id).count;
    assert.deepEqual([count("Labs"), count("PatientUploaded"), count("Misc")], [1, 1, 0]);
    const labs = await ctx.call("GET", `/medicalFiles/new/patient/${p.patient.id}?folderId=Labs&limit=10&offset=0`, { token: p.doctor.token });
    assert.deepEqual([labs.body.result.totalCount, labs.body.result.list[0].name], [1, "cbc.pdf"]);
    const all = await ctx.call("GET", `/medicalFiles/new/patient/${p.patient.id}?limit=1`, { token: p.vma.token });
    assert.deepEqual([all.body.result.totalCount, all.body.result.list.length], [2, 1]);
    assert.equal((await ctx.call("GET", `/medicalFiles/new/patient/${p.patient.id}?limit=0`, { token: p.doctor.token })).status, 400);
    assert.equal((await ctx.call("GET", `/medicalFiles/new/patient/${p.patient.id}?folderId=Nope`, { token: p.doctor.token })).status, 400);
    assert.equal((await ctx.call("GET", `/medicalFiles/new/patient/${p.patient.id}/folders`, { token: p.otherDoctor.token })).status, 404);
    assert.equal((await ctx.call("GET", `/medicalFiles/new/patient/${p.patient.id}`, { token: p.otherPatient.token })).status, 404);
  });

  await t.step("move (toId) and rename (an empty name keeps it) by the care team", async () => {
    const moved = await ctx.call("PUT", `/medicalFiles/${labsFile}/move`, { token: p.vma.token, body: { toId: "OutsideMedicalRecords" } });
    assert.equal(moved.body.result.folder, "OutsideMedicalRecords");
    const kept = await ctx.call("PUT", `/medicalFiles/${labsFile}/rename`, { token: p.doctor.token, body: { newName: "  " } });
    assert.equal(kept.body.result.name, "cbc.pdf");
    const renamed = await ctx.call("PUT", `/medicalFiles/${labsFile}/rename`, { token: p.doctor.token, body: { newName: "CBC 2026.pdf" } });
    assert.equal(renamed.body.result.name, "CBC 2026.pdf");
    assert.equal((await ctx.call("PUT", `/medicalFiles/${labsFile}/rename`, { token: p.doctor.token, body: { newName: "a/b" } })).status, 400);
    assert.equal((await ctx.call("PUT", `/medicalFiles/${labsFile}/move`, { token: p.doctor.token, body: { toId: "Attic" } })).status, 400);
    assert.equal((await ctx.call("PUT", `/medicalFiles/${labsFile}/move`, { token: p.otherDoctor.token, body: { toId: "Labs" } })).status, 404);
  });

  await t.step("the patient changes only their own file, and keeps it in PatientUploaded", async () => {
    assert.equal((await ctx.call("PUT", `/medicalFiles/${labsFile}/rename`, { token: p.patient.token, body: { newName: "mine.pdf" } })).status, 403);
    assert.equal((await ctx.call("DELETE", `/medicalFiles/${labsFile}`, { token: p.patient.token })).status, 403);
    assert.equal((await ctx.call("PUT", `/medicalFiles/${ownFile}/move`, { token: p.patient.token, body: { toId: "Labs" } })).status, 403);
    const renamed = await ctx.call("PUT", `/medicalFiles/${ownFile}/rename`, { token: p.patient.token, body: { newName: "Insurance card.pdf" } });
    assert.equal(renamed.body.result.name, "Insurance card.pdf");
  });

  await t.step("delete: a tombstone; gone from the lists and the counts; audited", async () => {
    assert.equal((await ctx.call("DELETE", `/medicalFiles/${ownFile}`, { token: p.patient.token })).status, 200);
    assert.equal((await ctx.call("DELETE", `/medicalFiles/${ownFile}`, { token: p.patient.token })).status, 404);
    const folders = await ctx.call("GET", `/medicalFiles/new/patient/${p.patient.id}/folders`, { token: p.doctor.token });
    assert.equal(folders.body.result.find((f: { folderId: string }) => f.folderId === "PatientUploaded").count, 0);
    const whats = (await ctx.deps.audit.forSubject(p.patient.id)).map((a) => `${a.event} ${a.details.what}`);
    for (const w of ["chart.write medicalFile.add", "chart.write medicalFile.move", "chart.write medicalFile.rename", "chart.write medicalFile.delete", "chart.read medicalFile.list"]) {
      assert.ok(whats.includes(w), w);
    }
  });
});
