/** Documents API: every call with bad input and with each role; A cannot see B; sharing into a patient's folder. */
import assert from "node:assert/strict";
import { apiTest, type TestContext } from "../../test/harness.ts";
import { SYNC_VERSION } from "../../../../sync/protocol.ts";
import { pullAll } from "../../test/sync-fixtures.ts";
import { createDocumentPractices, pdfBytes, upload } from "./fixtures.ts";

type P = Awaited<ReturnType<typeof createDocumentPractices>>;

async function setup(ctx: TestContext) {
  const p = await createDocumentPractices(ctx);
  const doc = (await upload(ctx, p.doctor.token, { name: "labs.pdf", data: await pdfBytes("CBC normal") })).body.result;
  return { p, doc };
}

const pull = async (ctx: TestContext, token: string) =>
  (await pullAll<{ id: string; folder: string; name: string; _deleted: boolean }>(ctx, token, "medical_files")).docs;

apiTest("documents: lists, bad input, roles", async (t, ctx) => {
  const { p, doc } = await setup(ctx);

  await t.step("upload: the practice's document; only allowed types; one file", async () => {
    assert.deepEqual([doc.docType, doc.box, doc.status, doc.owner, doc.contentType], ["documents", "sent", "stored", "practice", "application/pdf"]);
    const html = await upload(ctx, p.doctor.token, { name: "x.pdf", data: new TextEncoder().encode("<html><script>alert(1)</script>") });
    assert.deepEqual([html.status, html.body.details.reason], [400, "UNSUPPORTED_FILE"]);
    // A file that starts like a PDF but cannot be read: "damaged", at upload (issue 32: its fax failed with a 500).
    const good = await pdfBytes("whole");
    const damaged = await upload(ctx, p.doctor.token, { name: "scan.pdf", data: good.subarray(0, Math.floor(good.byteLength / 3)) });
    assert.deepEqual([damaged.status, damaged.body.details.reason], [400, "DAMAGED_FILE"]);
    assert.match(damaged.body.message, /^This PDF is damaged and cannot be read/);
    const none = await ctx.call("POST", "/documents", { token: p.doctor.token, form: new FormData() });
    assert.equal(none.status, 400);
    const nul = await upload(ctx, p.doctor.token, { name: "a.pdf", data: await pdfBytes() }, "bad\u0000name");
    assert.equal(nul.status, 400);
    assert.equal((await upload(ctx, p.patient.token, { name: "a.pdf", data: await pdfBytes() })).status, 403);
  });

  await t.step("list: filter, sort, paging; bad input answers field errors and changes nothing", async () => {
    await upload(ctx, p.vma.token, { name: "a-consult.pdf", data: await pdfBytes() });
    const list = await ctx.call("POST", "/documents/list", {
      token: p.vma.token, body: { box: "sent", sort: { field: "name", order: "asc" }, offset: 0, limit: 1 },
    });
    assert.deepEqual([list.status, list.body.result.totalCount, list.body.result.list[0].name], [200, 2, "a-consult.pdf"]);
    const page2 = await ctx.call("POST", "/documents/list", { token: p.vma.token, body: { box: "sent", sort: { field: "name", order: "asc" }, offset: 1, limit: 1 } });
    assert.equal(page2.body.result.list[0].name, "labs.pdf");
    const search = await ctx.call("POST", "/documents/list", { token: p.doctor.token, body: { box: "sent", filter: { search: "lab" } } });
    assert.equal(search.body.result.totalCount, 1);
    for (const body of [{ limit: 0 }, { sort: { field: "size" } }, { docType: "letters" }, { filter: { search: "a\u0000" } }, { extra: 1 }]) {
      const bad = await ctx.call("POST", "/documents/list", { token: p.doctor.token, body });
      assert.equal(bad.status, 400, JSON.stringify(body));
      assert.equal(bad.body.status, "error");
    }
  });

  await t.step("A cannot see B: the other practice, patients and admins get nothing of a practice", async () => {
    for (const token of [p.otherDoctor.token, p.otherVma.token, p.admin.token]) {
      assert.equal((await ctx.call("GET", `/documents/${doc.id}`, { token })).status, 404);
      assert.equal((await ctx.call("GET", `/documents/${doc.id}/content`, { token })).status, 404);
      assert.equal((await ctx.call("DELETE", `/documents/${doc.id}`, { token })).status, 404);
      const list = await ctx.call("POST", "/documents/list", { token, body: { box: "sent" } });
      assert.equal(list.body.result.totalCount, 0);
    }
    for (const token of [p.otherDoctor.token, p.otherVma.token]) {
      const share = await ctx.call("POST", `/documents/share/patient/${doc.id}`, { token, body: { userId: p.otherPatient.id } });
      assert.equal(share.status, 404);
    }
    assert.equal((await ctx.call("GET", `/documents/${doc.id}`, { token: p.patient.token })).status, 403);
    assert.equal((await ctx.call("POST", "/documents/list", { token: p.patient.token, body: {} })).status, 403);
    assert.equal((await ctx.call("POST", "/documents/list", { body: {} })).status, 401);
    assert.equal((await ctx.call("GET", "/documents/not-a-uuid", { token: p.doctor.token })).status, 400);
  });

  await t.step("content: an attachment, typed from its bytes, never sniffed", async () => {
    const res = await ctx.app.request(`/api/v1/documents/${doc.id}/content`, { headers: { authorization: `Bearer ${p.vma.token}` } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "application/pdf");
    assert.match(res.headers.get("content-disposition") ?? "", /^attachment; filename="labs.pdf"/);
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.equal(new TextDecoder().decode((new Uint8Array(await res.arrayBuffer())).subarray(0, 5)), "%PDF-");
  });

  await t.step("users for a document action: the practice's patients or team, searched", async () => {
    const patients = await ctx.call("POST", "/users/list/document/action", { token: p.vma.token, body: { role: "patient", documentId: doc.id } });
    assert.deepEqual(patients.body.result.list.map((u: { id: string }) => u.id), [p.patient.id]);
    const found = await ctx.call("POST", "/users/list/document/action", { token: p.doctor.token, body: { role: "patient", search: "núñez" } });
    assert.equal(found.body.result.totalCount, 1);
    const vmas = await ctx.call("POST", "/users/list/document/action", { token: p.doctor.token, body: { role: "vma" } });
    assert.deepEqual(vmas.body.result.list.map((u: { id: string }) => u.id), [p.vma.id]);
    assert.equal((await ctx.call("POST", "/users/list/document/action", { token: p.otherDoctor.token, body: { documentId: doc.id } })).status, 404);
    assert.equal((await ctx.call("POST", "/users/list/document/action", { token: p.doctor.token, body: { role: "admin" } })).status, 400);
    assert.equal((await ctx.call("POST", "/users/list/document/action", { token: p.patient.token, body: {} })).status, 403);
  });

  await t.step("share with a member of the team; not with another practice's", async () => {
    const res = await ctx.call("PUT", `/documents/share/${doc.id}`, { token: p.doctor.token, body: { userId: p.vma.id } });
    assert.deepEqual(res.body.result.sharedWith.map((u: { id: string }) => u.id), [p.vma.id]);
    assert.equal((await ctx.call("PUT", `/documents/share/${doc.id}`, { token: p.doctor.token, body: { userId: p.otherVma.id } })).status, 404);
    assert.equal((await ctx.call("PUT", `/documents/share/${doc.id}`, { token: p.doctor.token, body: {} })).status, 400);
  });

  await t.step("delete: gone from the lists; the other practice cannot delete", async () => {
    const extra = (await upload(ctx, p.doctor.token, { name: "old.pdf", data: await pdfBytes() })).body.result;
    assert.equal((await ctx.call("DELETE", `/documents/${extra.id}`, { token: p.otherDoctor.token })).status, 404);
    assert.equal((await ctx.call("DELETE", `/documents/${extra.id}`, { token: p.vma.token })).status, 200);
    assert.equal((await ctx.call("GET", `/documents/${extra.id}`, { token: p.doctor.token })).status, 404);
  });

  await t.step("fax send: bad input changes nothing", async () => {
    const before = (await ctx.sql<{ n: number }[]>`select count(*)::int as n from documents`)[0].n;
    for (const body of [{ documentId: doc.id, to: "12" }, { to: "3125550100" }, { documentId: doc.id, encounterId: doc.id, to: "3125550100" },
      { documentId: doc.id, to: "3125550100", coverNote: "x\u0000" }]) {
      assert.equal((await ctx.call("POST", "/documents/fax", { token: p.doctor.token, body })).status, 400, JSON.stringify(body));
    }
    assert.equal((await ctx.call("POST", "/documents/fax", { token: p.admin.token, body: { documentId: doc.id, to: "3125550100" } })).status, 403);
    // No fax vendor in this test app: the send is refused clearly and the fax shows as failed.
    const sent = await ctx.call("POST", "/documents/fax", { token: p.doctor.token, body: { documentId: doc.id, to: "3125550100" } });
    assert.equal(sent.body.result.status, "queued");
    await ctx.deps.jobs.drain();
    const view = (await ctx.call("GET", `/documents/${sent.body.result.id}`, { token: p.doctor.token })).body.result;
    assert.deepEqual([view.status, view.statusMessage], ["failed", "Fax send failed: Faxing is not configured"]);
    assert.equal((await ctx.sql<{ n: number }[]>`select count(*)::int as n from documents`)[0].n, before + 1);
  });
});

apiTest("documents: shared into a patient's folder, unshared, audited", async (t, ctx) => {
  const { p, doc } = await setup(ctx);

  await t.step("bad folder, other practice's patient, a non-patient: refused", async () => {
    const badFolder = await ctx.call("POST", `/documents/share/patient/${doc.id}`, { token: p.doctor.token, body: { userId: p.patient.id, folderId: "Secrets" } });
    assert.equal(badFolder.status, 400);
    for (const userId of [p.otherPatient.id, p.vma.id]) {
      assert.equal((await ctx.call("POST", `/documents/share/patient/${doc.id}`, { token: p.doctor.token, body: { userId } })).status, 404);
    }
    assert.equal((await pull(ctx, p.patient.token)).length, 0);
  });

  let fileId = "";
  await t.step("shared: a medical file in OutsideMedicalRecords by default; an empty new name keeps the name", async () => {
    const res = await ctx.call("POST", `/documents/share/patient/${doc.id}`, { token: p.vma.token, body: { userId: p.patient.id, newName: "" } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.result.isShared, res.body.result.folder, res.body.result.patient.id], [true, "OutsideMedicalRecords", p.patient.id]);
    const files = await pull(ctx, p.patient.token);
    assert.equal(files.length, 1);
    assert.deepEqual([files[0].folder, files[0].name], ["OutsideMedicalRecords", "labs.pdf"]);
    fileId = files[0].id;
    // The patient downloads it like any of their files; the other practice's patient sees nothing.
    const bytes = await ctx.app.request(`/api/v1/sync/v${SYNC_VERSION}/medical_files/${fileId}/content`, { headers: { authorization: `Bearer ${p.patient.token}` } });
    assert.equal(bytes.status, 200);
    assert.equal((await pull(ctx, p.otherPatient.token)).length, 0);
    const again = await ctx.call("POST", `/documents/share/patient/${doc.id}`, { token: p.doctor.token, body: { userId: p.patient.id } });
    assert.deepEqual([again.status, again.body.details.reason], [409, "ALREADY_SHARED"]);
  });

  await t.step("unshared: the file leaves the patient's folders (a tombstone)", async () => {
    const res = await ctx.call("PUT", `/documents/unshare/${doc.id}`, { token: p.doctor.token });
    assert.equal(res.body.result.isShared, false);
    const files = await pull(ctx, p.patient.token);
    assert.deepEqual(files.map((f) => [f.id, f._deleted]), [[fileId, true]]);
    assert.equal((await ctx.call("PUT", `/documents/unshare/${doc.id}`, { token: p.doctor.token })).body.details.reason, "NOT_SHARED");
  });

  await t.step("shared again into Labs with a new name; attach names the patient", async () => {
    const res = await ctx.call("POST", `/documents/share/patient/${doc.id}`, { token: p.doctor.token, body: { userId: p.patient.id, folderId: "Labs", newName: "CBC 2026.pdf" } });
    assert.equal(res.body.result.folder, "Labs");
    const live = (await pull(ctx, p.patient.token)).filter((f) => !f._deleted);
    assert.deepEqual(live.map((f) => [f.folder, f.name]), [["Labs", "CBC 2026.pdf"]]);
    const attached = await ctx.call("PUT", `/documents/attach/${doc.id}`, { token: p.doctor.token, body: { userId: p.patient.id } });
    assert.equal(attached.body.result.receiver.id, p.patient.id);
    assert.equal((await ctx.call("PUT", `/documents/attach/${doc.id}`, { token: p.doctor.token, body: { userId: p.otherPatient.id } })).status, 404);
  });

  await t.step("two shares at once (a double click, the doctor and a VMA): one files it, the other 409, one copy to unshare", async () => {
    await ctx.call("PUT", `/documents/unshare/${doc.id}`, { token: p.doctor.token });
    const liveBefore = (await pull(ctx, p.patient.token)).filter((f) => !f._deleted).length;
    const results = await Promise.all([p.doctor.token, p.vma.token, p.doctor.token].map((token) =>
      ctx.call("POST", `/documents/share/patient/${doc.id}`, { token, body: { userId: p.patient.id } })
    ));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 409, 409], JSON.stringify(results.map((r) => r.body)));
    assert.equal((await pull(ctx, p.patient.token)).filter((f) => !f._deleted).length, liveBefore + 1);
    await ctx.call("PUT", `/documents/unshare/${doc.id}`, { token: p.doctor.token });
    assert.equal((await pull(ctx, p.patient.token)).filter((f) => !f._deleted).length, liveBefore, "no copy left with the patient");
  });

  await t.step("every read and write of the patient's file is in the audit log", async () => {
    await ctx.call("GET", `/documents/${doc.id}`, { token: p.vma.token });
    const whats = (await ctx.deps.audit.forSubject(p.patient.id)).map((a) => `${a.event} ${a.details.what}`);
    for (const w of ["chart.write document.shareToPatient", "chart.write document.unshare", "chart.write document.attach", "chart.read document.read"]) {
      assert.ok(whats.includes(w), w);
    }
  });
});

apiTest("admin/documents: the platform's documents only (agreements, PDF)", async (t, ctx) => {
  const { p, doc } = await setup(ctx);
  await t.step("an admin uploads a platform document; practices never see it", async () => {
    const agreement = await upload(ctx, p.admin.token, { name: "membership-agreement.pdf", data: await pdfBytes("Agreement") });
    assert.equal(agreement.status, 201);
    assert.equal(agreement.body.result.owner, "platform");
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    assert.equal((await upload(ctx, p.admin.token, { name: "logo.png", data: png })).status, 400);
    const list = await ctx.call("POST", "/documents/list", { token: p.admin.token, body: { box: "sent" } });
    assert.deepEqual(list.body.result.list.map((d: { id: string }) => d.id), [agreement.body.result.id]);
    assert.equal((await ctx.call("GET", `/documents/${agreement.body.result.id}`, { token: p.doctor.token })).status, 404);
    assert.equal((await ctx.call("POST", "/documents/list", { token: p.doctor.token, body: { box: "sent" } })).body.result.totalCount, 1);
    assert.equal((await ctx.call("GET", `/documents/${doc.id}`, { token: p.admin.token })).status, 404);
    assert.equal((await ctx.call("POST", `/documents/share/patient/${agreement.body.result.id}`, { token: p.admin.token, body: { userId: p.patient.id } })).status, 403);
  });
});
