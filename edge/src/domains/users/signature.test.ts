/**
 * The doctor's signature (issue 32; 02 §7 `PUT /doctors/sign`, file `sign`, jpg or png, ≤ 20 MB, doctor-only): uploaded,
 * replaced, refused when it is not an image or not a doctor's, and printed on the encounter PDF the doctor signs.
 */
import assert from "node:assert/strict";
import { PDFDocument, PDFName, PDFDict } from "pdf-lib";
import { apiTest } from "../../test/harness.ts";
import { textFile } from "../../test/chat-fixtures.ts";

/** A real 1×1 PNG (pdf-lib embeds it). */
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const signForm = (file?: File) => {
  const form = new FormData();
  if (file) form.append("sign", file);
  return form;
};

/** How many images the PDF's pages draw. */
async function imagesIn(pdf: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(pdf);
  let n = 0;
  for (const page of doc.getPages()) {
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
    n += xObjects?.keys().length ?? 0;
  }
  return n;
}

apiTest("PUT /doctors/sign: the doctor's signature, and the encounter PDF it signs", async (t, ctx) => {
  const doctor = await ctx.createUser("doctor");
  const patient = await ctx.createUser("patient", { doctor_id: doctor.id });
  const encounter = (await ctx.call("POST", `/encounters/${patient.id}`, {
    token: doctor.token, body: { type: "office", reason: "Check-up", datetime: "2026-11-20T09:30:00.000Z" },
  })).body.result;
  const pdf = async () => {
    const res = await ctx.app.request(`/api/v1/encounters/download/${encounter.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${doctor.token}`, "content-type": "application/json" },
      body: JSON.stringify({ fields: ["details"] }),
    });
    assert.equal(res.status, 200);
    return new Uint8Array(await res.arrayBuffer());
  };

  await t.step("no signature on file: the PDF is printed unsigned", async () => {
    assert.equal(await imagesIn(await pdf()), 0);
  });

  await t.step("bad uploads are refused and change nothing", async () => {
    const none = await ctx.call("PUT", "/doctors/sign", { token: doctor.token, form: signForm() });
    assert.equal(none.status, 400);
    assert.match(none.body.details.fields.sign, /jpg or png/);
    const text = await ctx.call("PUT", "/doctors/sign", { token: doctor.token, form: signForm(textFile("sign.png")) });
    assert.equal(text.status, 400);
    assert.equal(text.body.details.reason, "UNSUPPORTED_FILE");
    const byPatient = await ctx.call("PUT", "/doctors/sign", { token: patient.token, form: signForm(new File([PNG], "sign.png")) });
    assert.equal(byPatient.status, 403);
    const [row] = await ctx.sql<{ sign_blob_id: string | null }[]>`select sign_blob_id from users where id = ${doctor.id}`;
    assert.equal(row.sign_blob_id, null);
  });

  await t.step("uploaded: the answer is the doctor's account with the signature; audited; on the PDF", async () => {
    const res = await ctx.call("PUT", "/doctors/sign", { token: doctor.token, form: signForm(new File([PNG], "my signature.png")) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.sign, `/api/v1/users/${doctor.id}/sign`);
    const image = await ctx.call("GET", `/users/${doctor.id}/sign`, { token: doctor.token });
    assert.equal(image.status, 200);
    assert.equal(image.headers.get("content-type"), "image/png");
    const [audit] = await ctx.sql`select 1 from audit_log where event = 'signature.changed' and actor_id = ${doctor.id}`;
    assert.ok(audit);
    assert.equal(await imagesIn(await pdf()), 1);
  });

  await t.step("replaced: the old image is gone, one signature on the PDF", async () => {
    const [before] = await ctx.sql<{ sign_blob_id: string }[]>`select sign_blob_id from users where id = ${doctor.id}`;
    const res = await ctx.call("PUT", "/doctors/sign", { token: doctor.token, form: signForm(new File([PNG], "new.png")) });
    assert.equal(res.status, 200);
    const [after] = await ctx.sql<{ sign_blob_id: string }[]>`select sign_blob_id from users where id = ${doctor.id}`;
    assert.notEqual(after.sign_blob_id, before.sign_blob_id);
    const [old] = await ctx.sql`select 1 from blobs where id = ${before.sign_blob_id}`;
    assert.equal(old, undefined, "the replaced image is deleted");
    assert.equal(await imagesIn(await pdf()), 1);
  });
});
