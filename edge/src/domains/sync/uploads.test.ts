import assert from "node:assert/strict";
import { realPdf } from "../../test/real-pdf.ts";
import { apiTest } from "../../test/harness.ts";
import { create, createPractice, newFile, pullAll, push, stored } from "../../test/sync-fixtures.ts";
import { CONCURRENT_UPLOADS_MAX, syncPaths, UPLOAD_STALE_MS } from "../../../../sync/protocol.ts";

// A real one-page PDF (a PDF that cannot be read is refused), long enough to send in three chunks.
const PDF = await realPdf("scan", 2500);
const MP4 = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypmp42"), 0, 0, 0, 0, ...new TextEncoder().encode("isommp42"), 1, 2, 3]);

apiTest("medical-file uploads: resumable chunks, checks from the content, access, limits", async (t, ctx) => {
  const { patient, doctor, vma } = await createPractice(ctx);
  const other = await createPractice(ctx);
  const admin = await ctx.createUser("admin");
  // The harness sends strings; bytes go straight through app.request.
  const put = async (token: string, id: string, bytes: Uint8Array<ArrayBuffer>, start: number, total: number, range?: string) => {
    const res = await ctx.app.request(`/api/v1${syncPaths.content(id)}`, {
      method: "PUT",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/octet-stream",
        ...(range === "" ? {} : { "content-range": range ?? `bytes ${start}-${start + bytes.length - 1}/${total}` }),
      },
      body: bytes.slice(),
    });
    return { status: res.status, body: await res.json() };
  };
  const status = async (token: string, id: string) => await ctx.call("GET", syncPaths.contentStatus(id), { token });
  const addFile = async (token: string, doc: ReturnType<typeof newFile>) => {
    assert.deepEqual((await push(ctx, token, "medical_files", [create(doc)])).body.result, []);
    return doc;
  };

  await t.step("a patient's PDF arrives in chunks, resumes after a drop and is marked uploaded", async () => {
    const file = await addFile(patient.token, newFile(patient.id, patient.id, { size: PDF.length }));
    const { checkpoint } = await pullAll(ctx, doctor.token, "medical_files");
    assert.deepEqual((await status(patient.token, file.id)).body.result, { offset: 0, size: PDF.length, status: "pending" });
    assert.equal((await put(patient.token, file.id, PDF.subarray(0, 1000), 0, PDF.length)).status, 200);
    // The connection drops; the device asks where to resume.
    const resume = await status(patient.token, file.id);
    assert.equal(resume.body.result.offset, 1000);
    // A chunk sent twice (its answer was lost) changes nothing.
    assert.equal((await put(patient.token, file.id, PDF.subarray(0, 1000), 0, PDF.length)).body.result.offset, 1000);
    // A chunk past the received offset is refused with the offset to resume from.
    const gap = await put(patient.token, file.id, PDF.subarray(1500, 2000), 1500, PDF.length);
    assert.equal(gap.status, 409);
    assert.deepEqual([gap.body.details.reason, gap.body.details.offset], ["UPLOAD_OFFSET_MISMATCH", 1000]);
    const mid = await put(patient.token, file.id, PDF.subarray(1000, 2000), 1000, PDF.length);
    assert.deepEqual(mid.body.result, { offset: 2000, size: PDF.length, status: "pending" });
    const last = await put(patient.token, file.id, PDF.subarray(2000), 2000, PDF.length);
    assert.deepEqual(last.body.result, { offset: PDF.length, size: PDF.length, status: "uploaded" });
    // The status change has a new seq: the care team's devices pull it.
    const later = await pullAll(ctx, doctor.token, "medical_files", checkpoint);
    const doc = later.docs.find((d) => d.id === file.id);
    assert.deepEqual([doc.status, doc.kind, doc.contentType], ["uploaded", "pdf", "application/pdf"]);

    for (const reader of [patient, doctor, vma]) {
      const res = await ctx.app.request(`/api/v1${syncPaths.content(file.id)}`, { headers: { authorization: `Bearer ${reader.token}` } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-type"), "application/pdf");
      assert.match(res.headers.get("content-disposition") ?? "", /^attachment; filename="scan\.pdf"; filename\*=UTF-8''scan\.pdf$/);
      assert.deepEqual(new Uint8Array(await res.arrayBuffer()), PDF);
    }
    for (const outsider of [other.doctor, other.patient, admin]) {
      const res = await ctx.call("GET", syncPaths.content(file.id), { token: outsider.token });
      assert.equal(res.status, 404);
    }
  });

  await t.step("content that is not what a patient may upload is rejected with the reason; the bytes are dropped", async () => {
    const video = await addFile(patient.token, newFile(patient.id, patient.id, { name: "clip.pdf", size: MP4.length }));
    const res = await put(patient.token, video.id, MP4, 0, MP4.length);
    assert.equal(res.body.result.status, "rejected");
    const doc = await stored(ctx, "medical_files", video.id);
    assert.deepEqual([doc.status, doc.rejectReason], ["rejected", "Unsupported file type (allowed: PDF, JPG or PNG)"]);
    const [{ n }] = await ctx.sql`select count(*)::int as n from medical_file_chunks where file_id = ${video.id}`;
    assert.equal(n, 0);
    const download = await ctx.call("GET", syncPaths.content(video.id), { token: doctor.token });
    assert.deepEqual([download.status, download.body.details.reason], [409, "CONTENT_NOT_READY"]);
    // The care team's note files allow videos.
    const consult = await addFile(doctor.token, newFile(patient.id, doctor.id, { folder: "Consults", name: "clip.mp4", size: MP4.length }));
    assert.equal((await put(doctor.token, consult.id, MP4, 0, MP4.length)).body.result.status, "uploaded");
    // Text renamed .pdf is refused too.
    const text = new TextEncoder().encode("not really a pdf");
    const fake = await addFile(patient.token, newFile(patient.id, patient.id, { size: text.length }));
    assert.equal((await put(patient.token, fake.id, text, 0, text.length)).body.result.status, "rejected");
    // Named .pdf, content recognised as nothing: damaged, not of an "unsupported type" (issue 32).
    assert.equal((await stored(ctx, "medical_files", fake.id)).rejectReason, "This PDF file is damaged and cannot be read. Save or export it again, then upload the new file.");
    // Starts like a PDF but cannot be read: damaged too, found when its last chunk arrives.
    const broken = new TextEncoder().encode("%PDF-1.7\n" + "1 0 obj << /Pages".repeat(200));
    const half = await addFile(patient.token, newFile(patient.id, patient.id, { size: broken.length }));
    assert.equal((await put(patient.token, half.id, broken.subarray(0, 1000), 0, broken.length)).body.result.status, "pending");
    assert.equal((await put(patient.token, half.id, broken.subarray(1000), 1000, broken.length)).body.result.status, "rejected");
    assert.match((await stored(ctx, "medical_files", half.id)).rejectReason, /^This PDF file is damaged/);
  });

  await t.step("only the uploader sends content; bad ranges and sizes are refused", async () => {
    const file = await addFile(patient.token, newFile(patient.id, patient.id, { size: PDF.length }));
    const notUploader = await put(doctor.token, file.id, PDF.subarray(0, 10), 0, PDF.length);
    assert.deepEqual([notUploader.status, notUploader.body.details.reason], [403, "NOT_UPLOADER"]);
    assert.equal((await put(other.doctor.token, file.id, PDF.subarray(0, 10), 0, PDF.length)).status, 404);
    assert.equal((await put(patient.token, file.id, PDF.subarray(0, 10), 0, PDF.length, "")).status, 400);
    assert.equal((await put(patient.token, file.id, PDF.subarray(0, 10), 0, PDF.length, "bytes 5-1/10")).status, 400);
    const wrongTotal = await put(patient.token, file.id, PDF.subarray(0, 10), 0, PDF.length + 1);
    assert.equal(wrongTotal.body.details.reason, "UPLOAD_SIZE_MISMATCH");
    const wrongLength = await put(patient.token, file.id, PDF.subarray(0, 10), 0, PDF.length, `bytes 0-19/${PDF.length}`);
    assert.equal(wrongLength.body.details.reason, "UPLOAD_RANGE_MISMATCH");
    assert.equal((await status(patient.token, file.id)).body.result.offset, 0);
    assert.equal((await put(patient.token, crypto.randomUUID(), PDF.subarray(0, 10), 0, PDF.length)).status, 404);
  });

  await t.step(`at most ${CONCURRENT_UPLOADS_MAX} uploads of one user are in progress at once`, async () => {
    const uploader = await ctx.createUser("patient", { doctor_id: doctor.id });
    const files = [];
    for (let i = 0; i <= CONCURRENT_UPLOADS_MAX; i++) {
      files.push(await addFile(uploader.token, newFile(uploader.id, uploader.id, { size: PDF.length })));
    }
    for (const file of files.slice(0, CONCURRENT_UPLOADS_MAX)) {
      assert.equal((await put(uploader.token, file.id, PDF.subarray(0, 100), 0, PDF.length)).status, 200);
    }
    const extra = files[CONCURRENT_UPLOADS_MAX];
    const refused = await put(uploader.token, extra.id, PDF.subarray(0, 100), 0, PDF.length);
    assert.deepEqual([refused.status, refused.body.details.reason], [429, "TOO_MANY_UPLOADS"]);
    // An upload in progress goes on; finishing one frees a place.
    assert.equal((await put(uploader.token, files[0].id, PDF.subarray(100), 100, PDF.length)).body.result.status, "uploaded");
    assert.equal((await put(uploader.token, extra.id, PDF.subarray(0, 100), 0, PDF.length)).status, 200);
    // Abandoned uploads stop counting after a while.
    const more = await addFile(uploader.token, newFile(uploader.id, uploader.id, { size: PDF.length }));
    assert.equal((await put(uploader.token, more.id, PDF.subarray(0, 100), 0, PDF.length)).status, 429);
    ctx.clock.advance(UPLOAD_STALE_MS + 1000);
    assert.equal((await put(uploader.token, more.id, PDF.subarray(0, 100), 0, PDF.length)).status, 200);
  });
});
