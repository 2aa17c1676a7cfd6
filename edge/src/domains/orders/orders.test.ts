/** Orders API: bad input for each call, every role, labs/imaging/referrals, prescriptions' rules, e-prescribing through the emulator. */
import assert from "node:assert/strict";
import { form, pdfFile, pngFile, textFile } from "../../test/chat-fixtures.ts";
import { signCallback } from "../../platform/erx/erx.ts";
import { MEDICATIONS } from "../../../../sync/data/medications.ts";
import { PHARMACIES } from "../../../../sync/data/pharmacies.ts";
import { ERX_CREDS, ordersSetup, ordersTest } from "./orders-fixtures.ts";
import { ERX_CHECK_JOB, ERX_STATUS_JOB } from "./jobs.ts";

const fieldsOf = (res: { body: { details?: { fields?: Record<string, string> } } }) => Object.keys(res.body.details?.fields ?? {});
const med = (display: string) => {
  const m = MEDICATIONS.find((x) => x.display === display);
  if (!m) throw new Error(`no ${display}`);
  return m.rxcui;
};
const AMOXICILLIN = med("amoxicillin 500 mg oral capsule");
const pharmacyNV = PHARMACIES.find((p) => p.state === "NV" && p.erx)!;
const faxOnly = PHARMACIES.find((p) => !p.erx)!;
const zipFile = (name = "scans.zip") => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array(60).fill(1)])], name, { type: "application/zip" });
const sevenZ = (name = "scans.7z") => new File([new Uint8Array([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, ...new Array(60).fill(2)])], name);

ordersTest("orders: validation, roles, labs, imaging, referrals, prescriptions, e-prescribing", async (t, ctx, erx) => {
  const u = await ordersSetup(ctx);
  const e = u.encounter;
  const as = (token: string) => (method: string, path: string, body?: unknown) => ctx.call(method, path, { token, body });
  const doc = as(u.doctor.token), vma = as(u.vma.token), pat = as(u.patient.token);
  const otherDoc = as(u.otherDoctor.token), admin = as(u.admin.token), otherPat = as(u.otherPatient.token);
  const rx = { medicationId: AMOXICILLIN, instructions: "1 capsule by mouth three times a day", quantity: 30, unit: "capsule", days: 10, refills: 0 };

  await t.step("catalogues: labs and medications by prefix and by code; controlled and excluded flagged", async () => {
    const cmp = await doc("GET", "/encounterLabs/dropdown/list?search=comprehensive%20met");
    assert.equal(cmp.body.result[0].code, "24323-8");
    assert.equal((await doc("GET", "/encounterLabs/dropdown/list?search=24323")).body.result[0].name, "Comprehensive metabolic panel (CMP)");
    assert.ok((await doc("GET", "/encounterLabs/dropdown/list?search=cbc")).body.result.some((x: { code: string }) => x.code === "57021-8"));
    const amox = await doc("GET", "/encounterPrescriptions/medications?search=amoxi&limit=50");
    assert.ok(amox.body.result.length >= 5);
    assert.ok(amox.body.result.every((m: { name: string }) => m.name.startsWith("amoxicillin")));
    const byCode = await doc("GET", `/encounterPrescriptions/medications?search=${AMOXICILLIN}`);
    assert.equal(byCode.body.result[0].display, "amoxicillin 500 mg oral capsule");
    const alpraz = await doc("GET", "/encounterPrescriptions/medications?search=alprazolam");
    assert.match(alpraz.body.result[0].refusal, /controlled substance \(schedule IV/);
    const testo = await doc("GET", "/encounterPrescriptions/medications?search=testosterone%20cyp");
    assert.match(testo.body.result[0].refusal, /hormone or testosterone/);
    assert.equal((await pat("GET", "/encounterPrescriptions/medications?search=amox")).status, 403);
    assert.equal((await doc("GET", "/encounterPrescriptions/medications?search=%00amox")).status, 400);
  });

  await t.step("pharmacies: at least 3 symbols, by state, paging; the patient's preferred pharmacy", async () => {
    const short = await doc("GET", "/pharmacies?search=ma");
    assert.equal(short.status, 400);
    assert.deepEqual(fieldsOf(short), ["search"]);
    assert.equal((await doc("GET", "/pharmacies?search=pharmacy&state=XX")).status, 400);
    const nv = await doc("GET", "/pharmacies?search=pharmacy&state=NV&limit=3");
    assert.equal(nv.status, 200);
    assert.ok(nv.body.result.totalCount >= 3);
    assert.ok(nv.body.result.list.every((p: { state: string }) => p.state === "NV"));
    const next = await doc("GET", "/pharmacies?search=pharmacy&state=NV&limit=3&offset=3");
    assert.ok(!next.body.result.list.some((p: { ncpdp: string }) => nv.body.result.list.some((q: { ncpdp: string }) => q.ncpdp === p.ncpdp)));
    const byCity = await pat("GET", "/pharmacies?search=reno");
    assert.ok(byCity.body.result.list.every((p: { city: string }) => p.city === "Reno"));
    const byNcpdp = await doc("GET", `/pharmacies?search=${pharmacyNV.ncpdp}`);
    assert.equal(byNcpdp.body.result.list[0].ncpdp, pharmacyNV.ncpdp);
    // Preferred pharmacy: the patient sets it; the doctor reads it; others cannot.
    assert.equal((await pat("PUT", `/patient/pharmacy/${u.patient.id}`, { pharmacyId: "0000000" })).status, 400);
    assert.equal((await pat("PUT", `/patient/pharmacy/${u.patient.id}`, { pharmacyId: pharmacyNV.ncpdp })).status, 200);
    assert.equal((await doc("GET", `/patient/pharmacy/${u.patient.id}`)).body.result.pharmacy.ncpdp, pharmacyNV.ncpdp);
    assert.equal((await otherDoc("GET", `/patient/pharmacy/${u.patient.id}`)).status, 404);
    assert.equal((await otherPat("PUT", `/patient/pharmacy/${u.patient.id}`, { pharmacyId: null })).status, 404);
  });

  let labId = "";
  await t.step("labs: bad input; the VMA prepares, the doctor shares; results uploaded and shared with the patient", async () => {
    const bad = await vma("POST", `/encounterLabs/${e.id}`, { code: "99999-9", comment: "x".repeat(1001) });
    assert.equal(bad.status, 400);
    assert.deepEqual(fieldsOf(bad).sort(), ["comment"]);
    assert.deepEqual(fieldsOf(await vma("POST", `/encounterLabs/${e.id}`, { code: "99999-9" })), ["code"]);
    assert.deepEqual(fieldsOf(await vma("POST", `/encounterLabs/${e.id}`, { code: "24323-8", extra: 1 })), ["extra"]);
    assert.equal((await vma("PUT", `/encounterLabs/${crypto.randomUUID()}`, {})).status, 400);
    const created = await vma("POST", `/encounterLabs/${e.id}`, { code: "24323-8", comment: "Fasting" });
    assert.equal(created.status, 201);
    labId = created.body.result.id;
    assert.deepEqual([created.body.result.name, created.body.result.state, created.body.result.isShared], ["Comprehensive metabolic panel (CMP)", "ordered", false]);
    // Others: another practice and the patient (not shared) get 404; an admin 403.
    assert.equal((await otherDoc("GET", `/encounterLabs/${labId}`)).status, 404);
    assert.equal((await pat("GET", `/encounterLabs/${labId}`)).status, 404);
    assert.equal((await admin("GET", `/encounterLabs/${labId}`)).status, 403);
    assert.equal((await otherDoc("POST", `/encounterLabs/${e.id}`, { code: "24323-8" })).status, 404);
    assert.equal((await pat("POST", `/encounterLabs/${e.id}`, { code: "24323-8" })).status, 403);
    // The VMA may not share or delete.
    assert.equal((await vma("PUT", `/encounterLabs/share/${labId}`)).status, 403);
    assert.equal((await vma("DELETE", `/encounterLabs/${labId}`)).status, 403);
    // Results: checked by content; the VMA uploads.
    const txt = await ctx.call("POST", `/encounterLabs/results/${labId}`, { token: u.vma.token, form: form({}, [textFile("result.pdf")]) });
    assert.equal(txt.status, 422);
    const up = await ctx.call("POST", `/encounterLabs/results/${labId}`, { token: u.vma.token, form: form({}, [pdfFile("cmp.pdf")]) });
    assert.equal(up.status, 201, JSON.stringify(up.body));
    assert.equal(up.body.result.state, "resulted");
    const resultId = up.body.result.results[0].id;
    // Shared: the patient sees the order but not the results until "share with patient".
    assert.equal((await doc("PUT", `/encounterLabs/share/${labId}`)).status, 200);
    const seen = await pat("GET", `/encounterLabs/${labId}`);
    assert.deepEqual([seen.status, seen.body.result.results.length], [200, 0]);
    assert.equal((await pat("GET", `/encounterLabs/${labId}/result/${resultId}`)).status, 404);
    assert.equal((await doc("POST", `/encounterLabs/share/with/patient/${labId}`)).status, 200);
    const withResults = await pat("GET", `/encounterLabs/${labId}`);
    assert.equal(withResults.body.result.results.length, 1);
    const file = await ctx.app.request(`/api/v1/encounterLabs/${labId}/result/${resultId}`, { headers: { authorization: `Bearer ${u.patient.token}` } });
    assert.equal(file.status, 200);
    assert.equal(file.headers.get("content-type"), "application/pdf");
    assert.equal((await otherPat("GET", `/encounterLabs/${labId}/result/${resultId}`)).status, 404);
    // Unshare hides it again; a result can be deleted; the list of the encounter.
    assert.equal((await doc("PUT", `/encounterLabs/unshare/${labId}`)).status, 200);
    assert.equal((await pat("GET", `/encounterLabs/${labId}`)).status, 404);
    const second = await ctx.call("POST", `/encounterLabs/results/${labId}`, { token: u.doctor.token, form: form({}, [pngFile("scan.png")]) });
    const del = await vma("DELETE", `/encounterLabs/${labId}/result/${second.body.result.results[1].id}`);
    assert.equal(del.body.result.results.length, 1);
    assert.equal((await vma("DELETE", `/encounterLabs/${labId}/result/${crypto.randomUUID()}`)).status, 404);
    assert.equal((await doc("GET", `/encounterLabs/list/${e.id}`)).body.result.length, 1);
  });

  let imagingId = "";
  await t.step("imaging: every enumeration checked; attachments incl. zip and 7z; results; share", async () => {
    const bad = await vma("POST", `/encounterImagings/${e.id}`, { type: "PET", bodyPart: "tail", laterality: "up", contrast: "maybe", imagingCenter: "x".repeat(201) });
    assert.equal(bad.status, 400);
    assert.deepEqual(fieldsOf(bad).sort(), ["bodyPart", "contrast", "imagingCenter", "laterality", "type"]);
    const fields = { type: "X-Ray", bodyPart: "knee", laterality: "left", contrast: "no", clinicalHistory: "Twisted knee", imagingCenter: "Reno Imaging" };
    const created = await ctx.call("POST", `/encounterImagings/${e.id}`, { token: u.vma.token, form: form(fields, [zipFile(), sevenZ()], "documents") });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    imagingId = created.body.result.id;
    assert.deepEqual(created.body.result.attachments.map((a: { contentType: string }) => a.contentType), ["application/zip", "application/x-7z-compressed"]);
    const txt = await ctx.call("PUT", `/encounterImagings/upload/results/${imagingId}`, { token: u.vma.token, form: form({}, [textFile()]) });
    assert.equal(txt.status, 422);
    const res = await ctx.call("PUT", `/encounterImagings/upload/results/${imagingId}`, { token: u.vma.token, form: form({}, [pdfFile("report.pdf")]) });
    assert.equal(res.body.result.state, "resulted");
    const edited = await vma("PUT", `/encounterImagings/edit/${imagingId}`, { laterality: "bilateral" });
    assert.equal(edited.body.result.laterality, "bilateral");
    assert.equal((await vma("PUT", `/encounterImagings/edit/${imagingId}`, { contrast: "perhaps" })).status, 400);
    const att = created.body.result.attachments[0].id;
    assert.equal((await vma("DELETE", `/encounterImagings/attachment/${imagingId}`, { attachmentId: "nope" })).status, 400);
    assert.equal((await vma("DELETE", `/encounterImagings/attachment/${imagingId}`, { attachmentId: att })).body.result.attachments.length, 1);
    const list = await pat("POST", `/encounterImagings/list/${e.id}`, {});
    assert.equal(list.status, 404, "nothing shared with the patient yet in this encounter except nothing");
    assert.equal((await doc("PUT", `/encounterImagings/share/${imagingId}`)).status, 200);
    const shared = await pat("POST", `/encounterImagings/list/${e.id}`, {});
    assert.equal(shared.body.result.totalCount, 1);
    assert.equal((await otherDoc("POST", `/encounterImagings/list/${e.id}`, {})).status, 404);
    const dd = await vma("GET", "/encounterImagings/list/dropdown");
    assert.equal(dd.body.result.bodyParts.length, 17);
  });

  await t.step("referrals: free-text contact, urgency, status; the VMA drafts, the doctor sends and shares", async () => {
    const bad = await vma("POST", `/encounterReferrals/${e.id}`, { specialty: " ", reason: "", urgency: "whenever", contactId: "x" });
    assert.deepEqual(fieldsOf(bad).sort(), ["contactId", "reason", "specialty", "urgency"]);
    const nul = await vma("POST", `/encounterReferrals/${e.id}`, { specialty: "Cardio\u0000logy", reason: "Murmur" });
    assert.deepEqual(fieldsOf(nul), ["specialty"]);
    const r = await vma("POST", `/encounterReferrals/${e.id}`, { specialty: "Orthopedics", reason: "Knee pain", urgency: "urgent", contactName: "Dr. Bone, Reno Ortho" });
    assert.equal(r.status, 201);
    assert.deepEqual([r.body.result.status, r.body.result.contactId], ["draft", null]);
    assert.equal((await vma("PUT", `/encounterReferrals/${r.body.result.id}`, { status: "sent" })).status, 403);
    assert.equal((await vma("PUT", `/encounterReferrals/${r.body.result.id}`, { reason: "Knee pain, 3 weeks" })).status, 200);
    assert.equal((await doc("PUT", `/encounterReferrals/${r.body.result.id}`, { status: "sent" })).body.result.status, "sent");
    assert.equal((await doc("PUT", `/encounterReferrals/${r.body.result.id}`, { status: "lost" })).status, 400);
    assert.equal((await doc("PUT", `/encounterReferrals/share/${r.body.result.id}`)).status, 200);
    const seen = await pat("GET", `/encounterReferrals/${e.id}`);
    assert.equal(seen.body.result.totalCount, 1);
    assert.equal((await otherDoc("GET", `/encounterReferrals/${e.id}`)).status, 404);
  });

  let rxId = "";
  await t.step("prescriptions: bad input, policy refusals, plan maximums; only the doctor writes", async () => {
    const bad = await doc("POST", `/encounterPrescriptions/${e.id}`, {
      medicationId: "x", instructions: "", quantity: 10000, unit: "bucket", days: 0, refills: 100, pharmacistMessage: "x".repeat(211),
    });
    assert.equal(bad.status, 400);
    assert.deepEqual(fieldsOf(bad).sort(), ["days", "instructions", "medicationId", "pharmacistMessage", "quantity", "refills", "unit"]);
    assert.deepEqual(fieldsOf(await doc("POST", `/encounterPrescriptions/${e.id}`, { ...rx, quantity: 2.5 })), ["quantity"]);
    assert.deepEqual(fieldsOf(await doc("POST", `/encounterPrescriptions/${e.id}`, { ...rx, refills: -1 })), ["refills"]);
    assert.deepEqual(fieldsOf(await doc("POST", `/encounterPrescriptions/${e.id}`, { ...rx, daw: true, substitutionAllowed: true })), ["daw"]);
    assert.deepEqual(fieldsOf(await doc("POST", `/encounterPrescriptions/${e.id}`, { ...rx, medicationId: "12345678" })), ["medicationId"]);
    const controlled = await doc("POST", `/encounterPrescriptions/${e.id}`, { ...rx, medicationId: med("alprazolam 0.5 mg oral tablet") });
    assert.equal(controlled.status, 422);
    assert.match(controlled.body.message, /alprazolam is a controlled substance/);
    const adhd = await doc("POST", `/encounterPrescriptions/${e.id}`, { ...rx, medicationId: med("lisdexamfetamine 30 mg oral capsule") });
    assert.match(adhd.body.message, /schedule II, stimulant \(ADHD\)/);
    const testo = await doc("POST", `/encounterPrescriptions/${e.id}`, { ...rx, medicationId: med("testosterone 1 % topical gel") });
    assert.equal(testo.status, 422);
    assert.match(testo.body.message, /hormone or testosterone/);
    // No plan with this doctor (memberships not wired): the one-time limits, 30 days and no refills.
    const long = await doc("POST", `/encounterPrescriptions/${e.id}`, { ...rx, days: 31 });
    assert.equal(long.status, 422);
    assert.match(long.body.details.fields.days, /At most 30 days under the one-time plan/);
    const refills = await doc("POST", `/encounterPrescriptions/${e.id}`, { ...rx, refills: 1 });
    assert.match(refills.body.details.fields.refills, /No refills/);
    // Only the doctor writes prescriptions.
    assert.equal((await vma("POST", `/encounterPrescriptions/${e.id}`, rx)).status, 403);
    assert.equal((await pat("POST", `/encounterPrescriptions/${e.id}`, rx)).status, 403);
    assert.equal((await otherDoc("POST", `/encounterPrescriptions/${e.id}`, rx)).status, 404);
    const count = await ctx.sql`select count(*)::int as n from prescriptions`;
    assert.equal(count[0].n, 0, "refused input changed nothing");
    const created = await doc("POST", `/encounterPrescriptions/${e.id}`, { ...rx, pharmacyId: pharmacyNV.ncpdp });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    rxId = created.body.result.id;
    assert.deepEqual([created.body.result.status, created.body.result.isDraft, created.body.result.transmission, created.body.result.erxStatus],
      ["draft", true, "none", 0]);
    // A draft is the doctor's: the patient does not see it; the VMA reads it but cannot edit or send it.
    assert.equal((await pat("GET", `/encounterPrescriptions/${rxId}`)).status, 404);
    assert.equal((await vma("GET", `/encounterPrescriptions/${rxId}`)).status, 200);
    assert.equal((await vma("PUT", `/encounterPrescriptions/${rxId}`, { quantity: 20 })).status, 403);
    assert.equal((await vma("PUT", `/encounterPrescriptions/send/${rxId}`)).status, 403);
    const edited = await doc("PUT", `/encounterPrescriptions/${rxId}`, { quantity: 21, daw: true, substitutionAllowed: false });
    assert.deepEqual([edited.body.result.quantity, edited.body.result.daw, edited.body.result.substitutionAllowed], [21, true, false]);
    assert.equal((await doc("PUT", `/encounterPrescriptions/${rxId}`, { days: 45 })).status, 422);
    assert.equal((await doc("PUT", `/encounterPrescriptions/${rxId}`, { status: "discontinued" })).status, 409);
  });

  await t.step("sending: profile checks (422), allergy flag (409), vendor acceptance, then 'transmitted' by callback", async () => {
    // The patient's profile lacks a phone: 422 Profile for erx not filled, nothing sent.
    await ctx.sql`update users set phone_number = null where id = ${u.patient.id}`;
    const incomplete = await doc("PUT", `/encounterPrescriptions/send/${rxId}`);
    assert.deepEqual([incomplete.status, incomplete.body.message, incomplete.body.details.patientMissing], [422, "Profile for erx not filled error", ["phoneNumber"]]);
    await ctx.sql`update users set phone_number = '+17025551234' where id = ${u.patient.id}`;
    assert.deepEqual((await doc("GET", "/doctors/check/erx")).body.result, { complete: true, missing: [] });
    assert.deepEqual((await vma("GET", `/doctors/check/erx?doctorId=${u.doctor.id}`)).body.result.complete, true);
    assert.equal((await vma("GET", `/doctors/check/erx?doctorId=${u.otherDoctor.id}`)).status, 404);
    // A penicillin allergy on the card flags amoxicillin; the doctor confirms.
    await doc("POST", `/patient/edit-record/${u.patient.id}`, { type: "allergies", record: { name: "Penicillin", reaction: "Rash" } });
    const listed = await doc("GET", `/encounterPrescriptions/${rxId}`);
    assert.deepEqual(listed.body.result.allergyMatches.map((m: { allergy: string }) => m.allergy), ["Penicillin"]);
    const flagged = await doc("PUT", `/encounterPrescriptions/send/${rxId}`);
    assert.deepEqual([flagged.status, flagged.body.details.reason], [409, "ALLERGY_CONFLICT"]);
    const sent = await doc("PUT", `/encounterPrescriptions/send/${rxId}`, { allergyOverride: true });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.deepEqual([sent.body.result.status, sent.body.result.transmission, sent.body.result.erxStatus, sent.body.result.erxSubstatus, sent.body.result.archived],
      ["current", "pending", 3, "S", "N"]);
    await erx.idle();
    // The callback was answered at once; the queue applies it.
    assert.equal((await doc("GET", `/encounterPrescriptions/${rxId}`)).body.result.transmission, "pending");
    await ctx.deps.jobs.drain({ jobs: [ERX_STATUS_JOB] });
    assert.equal((await doc("GET", `/encounterPrescriptions/${rxId}`)).body.result.transmission, "transmitted");
    const after = await doc("GET", `/erx/${rxId}`);
    assert.deepEqual([after.body.result.transmission, after.body.result.erxStatusLabel, after.body.result.vendor], ["transmitted", "Electronic retail", "DoseSpot"]);
    assert.deepEqual(erx.deliveries.map((d) => d.httpStatus), [200]);
    // Sent: the patient sees it; it cannot be sent, edited or deleted again.
    assert.equal((await pat("GET", `/encounterPrescriptions/${rxId}`)).body.result.transmission, "transmitted");
    assert.equal((await pat("GET", `/erx/${rxId}`)).status, 403);
    assert.equal((await doc("PUT", `/encounterPrescriptions/send/${rxId}`)).status, 409);
    assert.equal((await doc("PUT", `/encounterPrescriptions/${rxId}`, { quantity: 5 })).status, 409);
    assert.equal((await doc("DELETE", `/encounterPrescriptions/${rxId}`)).status, 409);
    const disc = await doc("PUT", `/encounterPrescriptions/${rxId}`, { status: "discontinued" });
    assert.deepEqual([disc.body.result.status, disc.body.result.archived], ["discontinued", "Y"]);
    assert.equal((await doc("PUT", `/encounterPrescriptions/${rxId}`, { status: "cancelled" })).status, 409);
  });

  await t.step("no send from cancelled; no pharmacy; a fax-only pharmacy reports 'error'; callbacks are signed and applied once", async () => {
    const draft = await doc("POST", `/encounterPrescriptions/${e.id}`, { ...rx, medicationId: med("cetirizine 10 mg oral tablet"), unit: "tablet" });
    assert.equal((await doc("PUT", `/encounterPrescriptions/send/${draft.body.result.id}`)).status, 400);
    const cancelled = await doc("PUT", `/encounterPrescriptions/${draft.body.result.id}`, { status: "cancelled" });
    assert.deepEqual([cancelled.body.result.status, cancelled.body.result.archived], ["cancelled", "C"]);
    const again = await doc("PUT", `/encounterPrescriptions/send/${draft.body.result.id}`);
    assert.deepEqual([again.status, again.body.details.reason], [409, "PRESCRIPTION_STATE"]);

    const toFax = await doc("POST", `/encounterPrescriptions/${e.id}`, { ...rx, medicationId: med("lisinopril 10 mg oral tablet"), unit: "tablet", pharmacyId: faxOnly.ncpdp });
    assert.equal((await doc("PUT", `/encounterPrescriptions/send/${toFax.body.result.id}`)).status, 200);
    await erx.idle();
    await ctx.deps.jobs.drain({ jobs: [ERX_STATUS_JOB] });
    const failed = await doc("GET", `/encounterPrescriptions/${toFax.body.result.id}`);
    assert.equal(failed.body.result.transmission, "error");
    assert.match(failed.body.result.transmissionError, /does not accept electronic prescriptions/);

    // A forged or replayed callback changes nothing.
    const [row] = await ctx.sql<{ vendor_prescription_id: string }[]>`select vendor_prescription_id from prescriptions where id = ${toFax.body.result.id}`;
    const body = JSON.stringify({ EventId: "evt_forged", EventType: "PrescriptionResult", Data: { PrescriptionId: row.vendor_prescription_id, PrescriptionStatus: "eRxSent" } });
    const forged = await ctx.call("POST", "/erx/callbacks", { body, headers: { "x-erx-signature": await signCallback("wrong-secret-123456", body, Math.floor(Date.now() / 1000)) } });
    assert.equal(forged.status, 400);
    const unsigned = await ctx.call("POST", "/erx/callbacks", { body });
    assert.equal(unsigned.status, 400);
    const signed = await signCallback(ERX_CREDS.webhookSecret, body, Math.floor(Date.now() / 1000));
    assert.equal((await ctx.call("POST", "/erx/callbacks", { body, headers: { "x-erx-signature": signed } })).status, 200);
    await ctx.deps.jobs.drain({ jobs: [ERX_STATUS_JOB] });
    assert.equal((await doc("GET", `/encounterPrescriptions/${toFax.body.result.id}`)).body.result.transmission, "transmitted");
    await ctx.sql`update prescriptions set transmission = 'error' where id = ${toFax.body.result.id}`;
    assert.equal((await ctx.call("POST", "/erx/callbacks", { body, headers: { "x-erx-signature": signed } })).status, 200);
    await ctx.deps.jobs.drain({ jobs: [ERX_STATUS_JOB] });
    assert.equal((await doc("GET", `/encounterPrescriptions/${toFax.body.result.id}`)).body.result.transmission, "error", "a replayed event is applied once");
  });

  await t.step("the encounter's orders list and /orders for every role", async () => {
    const list = await doc("GET", `/encounters/orders-list/${e.id}`);
    assert.equal(list.status, 200);
    const kinds = list.body.result.list.map((o: { kind: string }) => o.kind).sort();
    assert.deepEqual(kinds, ["imaging", "lab", "prescription", "prescription", "prescription", "referral"]);
    assert.equal((await doc("GET", `/encounters/orders-list/${e.id}?limit=0`)).status, 400);
    assert.equal((await otherDoc("GET", `/encounters/orders-list/${e.id}`)).status, 404);
    const open = await vma("GET", "/orders");
    // Open: the lab and imaging are resulted, the referral is sent (open), the fax one failed (open), the others finished.
    assert.deepEqual(open.body.result.list.map((o: { kind: string; state: string }) => `${o.kind}:${o.state}`).sort(), ["prescription:current", "referral:sent"]);
    const all = await doc("GET", "/orders?state=all&kind=prescription");
    assert.equal(all.body.result.totalCount, 3);
    assert.equal((await doc("GET", "/orders?kind=pizza")).status, 400);
    const search = await doc("GET", "/orders?state=all&search=lisino");
    assert.equal(search.body.result.totalCount, 1);
    // The patient: what was shared (imaging, referral) and the sent prescriptions; never the cancelled draft's siblings in draft.
    const mine = await pat("GET", "/orders");
    assert.deepEqual(mine.body.result.list.map((o: { kind: string }) => o.kind).sort(), ["imaging", "prescription", "prescription", "prescription", "referral"]);
    assert.equal((await otherPat("GET", "/orders")).body.result.totalCount, 0);
    assert.equal((await admin("GET", "/orders")).status, 403);
    assert.equal((await otherDoc("GET", `/orders?patientId=${u.patient.id}`)).status, 404);
  });

  await t.step("every read and write is audited: who, which patient, what", async () => {
    const rows = await ctx.sql<{ event: string; actor_id: string | null; details: { what: string } }[]>`
      select event, actor_id, details from audit_log where subject_id = ${u.patient.id} and event like 'chart.%' order by id`;
    const seen = new Set(rows.map((r) => `${r.event} ${r.details.what}`));
    for (const w of ["chart.write lab.create", "chart.write lab.results.upload", "chart.write lab.shareWithPatient", "chart.read lab.read",
      "chart.write imaging.create", "chart.write referral.update", "chart.write prescription.create", "chart.write prescription.send",
      "chart.write prescription.erxStatus", "chart.write prescription.discontinue", "chart.read encounter.orders", "chart.read prescription.erx"]) {
      assert.ok(seen.has(w), `audit has ${w}`);
    }
  });
});

ordersTest("e-prescribing: a late status arrives after the configured delay", async (t, ctx, erx) => {
  const u = await ordersSetup(ctx);
  const doc = (method: string, path: string, body?: unknown) => ctx.call(method, path, { token: u.doctor.token, body });
  const created = await doc("POST", `/encounterPrescriptions/${u.encounter.id}`, {
    medicationId: AMOXICILLIN, instructions: "1 capsule three times a day", quantity: 30, unit: "capsule", days: 10, refills: 0, pharmacyId: pharmacyNV.ncpdp,
  });
  // The queue's schema is made at its first use: before the send, so the send is quick beside the emulator's delay.
  await ctx.deps.jobs.drain();
  await t.step("pending until the emulator reports, then transmitted", async () => {
    assert.equal((await doc("PUT", `/encounterPrescriptions/send/${created.body.result.id}`)).status, 200);
    assert.equal((await doc("GET", `/encounterPrescriptions/${created.body.result.id}`)).body.result.transmission, "pending");
    assert.equal(erx.deliveries.length, 0);
    await erx.idle();
    await ctx.deps.jobs.drain({ jobs: [ERX_STATUS_JOB] });
    assert.equal((await doc("GET", `/encounterPrescriptions/${created.body.result.id}`)).body.result.transmission, "transmitted");
  });
}, 1500);

ordersTest("e-prescribing: a missed callback is recovered by asking the vendor (GET /erx/{id})", async (t, ctx, erx) => {
  const u = await ordersSetup(ctx);
  erx.setCallbackUrl(null);
  const doc = (method: string, path: string, body?: unknown) => ctx.call(method, path, { token: u.doctor.token, body });
  const created = await doc("POST", `/encounterPrescriptions/${u.encounter.id}`, {
    medicationId: AMOXICILLIN, instructions: "1 capsule three times a day", quantity: 30, unit: "capsule", days: 10, refills: 0, pharmacyId: pharmacyNV.ncpdp,
  });
  await t.step("no callback; the queued status check (due 15 minutes after sending) finds 'transmitted'", async () => {
    await doc("PUT", `/encounterPrescriptions/send/${created.body.result.id}`);
    await erx.idle();
    assert.equal(await ctx.deps.jobs.drain({ jobs: [ERX_CHECK_JOB] }), 0, "not due yet");
    assert.equal((await doc("GET", `/encounterPrescriptions/${created.body.result.id}`)).body.result.transmission, "pending");
    assert.equal(await ctx.deps.jobs.drain({ jobs: [ERX_CHECK_JOB], dueNow: true }), 1);
    assert.equal((await doc("GET", `/encounterPrescriptions/${created.body.result.id}`)).body.result.transmission, "transmitted");
  });
  await t.step("GET /erx/{id} asks the vendor for a pending one too", async () => {
    const second = await doc("POST", `/encounterPrescriptions/${u.encounter.id}`, {
      medicationId: AMOXICILLIN, instructions: "1 capsule three times a day", quantity: 30, unit: "capsule", days: 10, refills: 0, pharmacyId: pharmacyNV.ncpdp,
    });
    await doc("PUT", `/encounterPrescriptions/send/${second.body.result.id}`);
    await erx.idle();
    assert.equal((await doc("GET", `/erx/${second.body.result.id}`)).body.result.transmission, "transmitted");
  });
});

ordersTest("POST /outsideEntries/erx imports what the doctor wrote in the vendor's own UI, once", async (t, ctx, erx) => {
  const u = await ordersSetup(ctx);
  const as = (token: string) => (method: string, path: string, body?: unknown) => ctx.call(method, path, { token, body });
  const doc = as(u.doctor.token), vma = as(u.vma.token), otherDoc = as(u.otherDoctor.token);
  const body = { patientId: u.patient.id, doctorId: u.doctor.id, encounterId: u.encounter.id };
  await t.step("bad input, roles, other practices", async () => {
    assert.deepEqual(fieldsOf(await doc("POST", "/outsideEntries/erx", { patientId: "x" })).sort(), ["doctorId", "encounterId", "patientId"]);
    assert.equal((await vma("POST", "/outsideEntries/erx", body)).status, 403);
    assert.equal((await otherDoc("POST", "/outsideEntries/erx", { ...body, doctorId: u.otherDoctor.id })).status, 404);
    assert.equal((await doc("POST", "/outsideEntries/erx", { ...body, doctorId: u.otherDoctor.id })).status, 404);
    assert.equal((await doc("POST", "/outsideEntries/erx", { ...body, patientId: u.otherPatient.id })).status, 404);
  });
  await t.step("imported with substatus O, transmitted; a second call imports nothing", async () => {
    assert.deepEqual((await doc("POST", "/outsideEntries/erx", body)).body.result, { imported: [], skipped: 0 });
    erx.writeOutside(u.patient.id, {
      displayName: "doxycycline hyclate 100 mg oral capsule", quantity: 20, unit: "capsule", daysSupply: 10, refills: 0,
      directions: "1 capsule twice a day", pharmacyId: pharmacyNV.ncpdp,
    });
    erx.writeOutside(u.patient.id, { displayName: "bad", quantity: 0, unit: "each", daysSupply: 0, refills: 0, directions: "", pharmacyId: "x" });
    const res = await doc("POST", "/outsideEntries/erx", body);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.skipped, 1);
    const [p] = res.body.result.imported;
    assert.deepEqual([p.medication, p.erxSubstatus, p.status, p.transmission, p.pharmacyId], [
      "doxycycline hyclate 100 mg oral capsule", "O", "current", "transmitted", pharmacyNV.ncpdp,
    ]);
    assert.equal((await doc("POST", "/outsideEntries/erx", body)).body.result.imported.length, 0);
    assert.equal((await doc("GET", `/encounterPrescriptions/list/${u.encounter.id}`)).body.result.length, 1);
  });
});
