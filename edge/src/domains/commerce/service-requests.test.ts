/**
 * A service request's content and 3-D Secure: custom fields and the doctor's
 * intake form answered, medical files attached (02 §5: at most 10, the
 * patient's own uploaded files, only when the service takes files), who sees
 * the request and downloads its files; a card needing 3-D Secure records
 * nothing until `POST /stripe/confirm/intent` finds it succeeded, and a failed
 * challenge leaves nothing behind.
 */
import assert from "node:assert/strict";
import { answer3ds } from "../../../emulators/stripe/test-helpers.ts";
import { type CommerceContext, commerceTest } from "../../test/commerce-fixtures.ts";
import { realPdf } from "../../test/real-pdf.ts";

/** The bytes of each file uploaded, by name (a download must answer them exactly). */
const uploaded = new Map<string, Uint8Array>();

async function upload(ctx: CommerceContext, token: string, patientId: string, name: string) {
  const form = new FormData();
  const bytes = await realPdf(name, 400);
  uploaded.set(name, bytes);
  form.append("file", new File([bytes], name, { type: "application/pdf" }));
  form.append("folderId", "PatientUploaded");
  const res = await ctx.call("POST", `/medicalFiles/patient/${patientId}`, { token, form });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.result.id as string;
}

/** A doctor with an active payout account and the given service enabled. */
async function setUp(ctx: CommerceContext, service: Record<string, unknown>) {
  const admin = await ctx.createUser("admin");
  const doctor = await ctx.createUser("doctor", { specialty: "Family practice", commission_percent: 10 });
  const link = await ctx.call("GET", "/stripe/connect/provider/link", { token: doctor.token });
  const back = await ctx.onboard(link.body.result.url, "complete");
  await ctx.call("POST", "/stripe/connect/provider/finalize", { token: doctor.token, body: { csrfToken: new URL(back).searchParams.get("state") } });
  const created = await ctx.call("POST", "/paidServices", { token: admin.token, body: service });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  await ctx.call("PUT", `/paidServices/${created.body.result.id}/enable/for/me`, { token: doctor.token });
  return { admin, doctor, serviceId: created.body.result.id as string };
}

commerceTest("service requests: fields, intake form, files; who sees them", async (t, ctx) => {
  const { admin, doctor, serviceId } = await setUp(ctx, {
    name: "Imaging referral", subscriberPriceCents: 3000, nonSubscriberPriceCents: 5900, attachableFiles: true, intakeForm: true,
    fields: [{ key: "bodyPart", label: "Body part", kind: "input", placeholder: "e.g. left knee", required: true }],
  });
  const intake = await ctx.call("POST", `/intakeForms/settings/doctor/${doctor.id}`, {
    token: doctor.token,
    body: {
      vitalsEnabled: false, vitalsRequired: false,
      fields: [
        { question: "Any allergies?", inputType: "text", required: true },
        { question: "Pregnant?", inputType: "yesNo", required: false },
      ],
    },
  });
  assert.equal(intake.status, 200, JSON.stringify(intake.body));
  const [allergies, pregnant] = intake.body.result.fields.map((f: { id: string }) => f.id);
  const otherDoctor = await ctx.createUser("doctor");
  const patient = await ctx.createUser("patient", { doctor_id: doctor.id });
  const other = await ctx.createUser("patient", { doctor_id: otherDoctor.id });
  const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
  const card = (await ctx.call("POST", "/stripe/account/paymentMethods", { token: patient.token, body: { paymentMethodId: "pm_card_visa" } }))
    .body.result.id;
  const files = [await upload(ctx, patient.token, patient.id, "knee-xray.pdf"), await upload(ctx, patient.token, patient.id, "report.pdf")];
  const othersFile = await upload(ctx, other.token, other.id, "theirs.pdf");
  const buy = (body: Record<string, unknown>) =>
    ctx.call("POST", `/paidServices/request/${serviceId}`, {
      token: patient.token,
      body: { doctorId: doctor.id, card, fields: { bodyPart: "left knee" }, intakeFormAnswer: { [allergies]: "none" }, ...body },
    });
  const purchases = async () => (await ctx.sql<{ n: number }[]>`select count(*)::int as n from payment_transactions where patient_id = ${patient.id}`)[0].n;

  await t.step("bad answers or files are refused before any charge", async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ intakeFormAnswer: {} }, 400], // a required question
      [{ intakeFormAnswer: { [allergies]: "none", [crypto.randomUUID()]: "x" } }, 400], // unknown question
      [{ intakeFormAnswer: { [allergies]: "none", [pregnant]: "maybe" } }, 400], // yes or no
      [{ files: [othersFile] }, 400], // someone else's file
      [{ files: [crypto.randomUUID()] }, 400],
      [{ files: [files[0], files[0]] }, 400],
      [{ files: Array.from({ length: 11 }, () => crypto.randomUUID()) }, 400], // at most 10
      [{ files: ["not-a-uuid"] }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await buy(body);
      assert.equal(res.status, status, JSON.stringify(body) + JSON.stringify(res.body));
    }
    assert.equal(await purchases(), 0);
    assert.equal((await ctx.stripeGet("/v1/payment_intents")).data.length, 0);
  });

  let requestId = "";
  await t.step("a good request stores the answers with their questions and the files", async () => {
    const res = await buy({ intakeFormAnswer: { [allergies]: "penicillin", [pregnant]: "no" }, files });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.result.status, "paid");
    requestId = res.body.result.id;
    const mine = await ctx.call("GET", "/paidServices/requests", { token: patient.token });
    assert.equal(mine.status, 200);
    assert.equal(mine.body.result.length, 1);
    const r = mine.body.result[0];
    assert.deepEqual(r.fields, [{ key: "bodyPart", label: "Body part", answer: "left knee" }]);
    assert.deepEqual(r.intake, [
      { fieldId: allergies, question: "Any allergies?", answer: "penicillin" },
      { fieldId: pregnant, question: "Pregnant?", answer: "no" },
    ]);
    assert.deepEqual(r.files.map((f: { name: string }) => f.name), ["knee-xray.pdf", "report.pdf"]);
    assert.equal(r.amountCents, 5900);
  });

  await t.step("the doctor and their VMA see it and download the files; others see nothing", async () => {
    for (const token of [doctor.token, vma.token]) {
      const list = await ctx.call("GET", "/paidServices/requests", { token });
      assert.equal(list.status, 200);
      assert.deepEqual(list.body.result.map((r: { id: string }) => r.id), [requestId]);
      const file = await ctx.call("GET", `/paidServices/requests/${requestId}/files/${files[0]}`, { token });
      assert.equal(file.status, 200);
    }
    const raw = await ctx.app.request(`/api/v1/paidServices/requests/${requestId}/files/${files[1]}`, {
      headers: { authorization: `Bearer ${doctor.token}` },
    });
    assert.equal(raw.headers.get("content-disposition"), `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    assert.deepEqual(new Uint8Array(await raw.arrayBuffer()), uploaded.get("report.pdf"));
    assert.deepEqual((await ctx.call("GET", "/paidServices/requests", { token: otherDoctor.token })).body.result, []);
    assert.deepEqual((await ctx.call("GET", "/paidServices/requests", { token: other.token })).body.result, []);
    assert.equal((await ctx.call("GET", "/paidServices/requests", { token: admin.token })).status, 403);
    for (const token of [otherDoctor.token, other.token]) {
      assert.equal((await ctx.call("GET", `/paidServices/requests/${requestId}/files/${files[0]}`, { token })).status, 404);
    }
    // A file not attached to this request is not reachable through it.
    assert.equal((await ctx.call("GET", `/paidServices/requests/${requestId}/files/${othersFile}`, { token: doctor.token })).status, 404);
  });

  await t.step("the care team marks it done (the VMA for the doctor); the patient sees it; nobody else may (issue 32)", async () => {
    const done = await ctx.call("PUT", `/paidServices/requests/${requestId}/done`, { token: vma.token, body: { done: true } });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    const [names] = await ctx.sql<{ v: string; d: string }[]>`select (select first_name || ' ' || last_name from users where id = ${vma.id}) as v,
      (select last_name from users where id = ${doctor.id}) as d`;
    assert.equal(done.body.result.doneBy, `${names.v} for Dr. ${names.d}`);
    assert.ok(done.body.result.doneAt);
    const seen = (await ctx.call("GET", "/paidServices/requests", { token: patient.token })).body.result[0];
    assert.equal(seen.doneBy, done.body.result.doneBy);
    for (const token of [otherDoctor.token, patient.token, admin.token]) {
      const res = await ctx.call("PUT", `/paidServices/requests/${requestId}/done`, { token, body: { done: false } });
      assert.ok([403, 404].includes(res.status), `${res.status}`);
    }
    assert.equal((await ctx.call("PUT", `/paidServices/requests/${requestId}/done`, { token: doctor.token, body: { done: "yes" } })).status, 400);
    const undone = await ctx.call("PUT", `/paidServices/requests/${requestId}/done`, { token: doctor.token, body: { done: false } });
    assert.deepEqual([undone.body.result.doneAt, undone.body.result.doneBy], [null, null]);
  });

  await t.step("a service without files or intake form refuses them", async () => {
    const plain = await ctx.call("POST", "/paidServices", {
      token: admin.token, body: { name: "One-week access", nonSubscriberPriceCents: 4900, subscriberPriceCents: null },
    });
    await ctx.call("PUT", `/paidServices/${plain.body.result.id}/enable/for/me`, { token: doctor.token });
    const send = (body: Record<string, unknown>) =>
      ctx.call("POST", `/paidServices/request/${plain.body.result.id}`, { token: patient.token, body: { doctorId: doctor.id, card, ...body } });
    assert.equal((await send({ files: [files[0]] })).body.message, "This service takes no files");
    assert.equal((await send({ intakeFormAnswer: { [allergies]: "x" } })).body.message, "This service has no intake form");
    assert.equal(await purchases(), 1);
  });
});

commerceTest("service charge with 3-D Secure: nothing recorded until it succeeds; a failure leaves nothing", async (t, ctx) => {
  const { admin, doctor, serviceId } = await setUp(ctx, {
    name: "Imaging referral", subscriberPriceCents: 3000, nonSubscriberPriceCents: 5900,
  });
  const coupon = await ctx.call("POST", "/coupons", { token: admin.token, body: { name: "SAVE20", percentageDiscount: 20, duration: "once", redemptionLimit: 5 } });
  const patient = await ctx.createUser("patient");
  const other = await ctx.createUser("patient");
  const card = (await ctx.call("POST", "/stripe/account/paymentMethods", {
    token: patient.token, body: { paymentMethodId: "pm_card_authenticationRequired" },
  })).body.result.id;
  const buy = () =>
    ctx.call("POST", `/paidServices/request/${serviceId}`, { token: patient.token, body: { doctorId: doctor.id, card, coupon: "SAVE20" } });
  const counts = async () => {
    const [r] = await ctx.sql<{ tx: number; req: number; red: number; applied: number }[]>`select
      (select count(*)::int from payment_transactions where patient_id = ${patient.id}) as tx,
      (select count(*)::int from service_requests where patient_id = ${patient.id}) as req,
      (select count(*)::int from coupon_redemptions where patient_id = ${patient.id}) as red,
      (select applied_times from coupons where id = ${coupon.body.result.id}) as applied`;
    return r;
  };
  const confirm = (intentId: string, token = patient.token) => ctx.call("POST", "/stripe/confirm/intent", { token, body: { intentId } });

  await t.step("requires action: the intent, its secret and the challenge page; no purchase yet", async () => {
    const res = await buy();
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const p = res.body.result;
    assert.equal(p.status, "pending");
    assert.match(p.intentId, /^pi_/);
    assert.match(p.clientSecret, /^pi_.*_secret_/);
    assert.equal(p.actionUrl, `${ctx.emulator.url}/_emulator/3ds/${p.intentId}`);
    assert.equal(p.amountCents, 4720);
    assert.deepEqual(await counts(), { tx: 0, req: 1, red: 1, applied: 1 });
    assert.deepEqual((await ctx.call("GET", "/paidServices/requests", { token: doctor.token })).body.result, []);
    // Not yet authenticated: the confirm says so and changes nothing.
    const early = await confirm(p.intentId);
    assert.equal(early.status, 402);
    assert.equal(early.body.details.reason, "PAYMENT_ACTION_REQUIRED");
    assert.equal((await confirm(p.intentId, other.token)).status, 404);
  });

  await t.step("authenticated + confirmed: the purchase is recorded once (the webhook after it changes nothing)", async () => {
    const res = await buy();
    const intentId = res.body.result.intentId;
    await (await answer3ds(ctx.emulator, intentId, "complete", res.body.result.actionUrl)).body?.cancel();
    const done = await confirm(intentId);
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(done.body.result.status, "paid");
    assert.equal(done.body.result.amountCents, 4720);
    assert.equal(done.body.result.intentId, null);
    await ctx.settle();
    assert.equal((await confirm(intentId)).body.result.status, "paid");
    const [tx] = await ctx.sql`select status, amount_cents, fee_cents, net_cents from payment_transactions where invoice_id = ${intentId}`;
    assert.deepEqual({ ...tx }, { status: "succeeded", amount_cents: 4720, fee_cents: 472, net_cents: 4248 });
    assert.equal((await ctx.call("GET", "/paidServices/requests", { token: doctor.token })).body.result.length, 1);
  });

  await t.step("challenge failed: the card message; the request, its redemption and the intent are gone", async () => {
    const before = await counts();
    const res = await buy();
    const intentId = res.body.result.intentId;
    await (await answer3ds(ctx.emulator, intentId, "fail")).body?.cancel();
    const failed = await confirm(intentId);
    assert.equal(failed.status, 402, JSON.stringify(failed.body));
    assert.equal(failed.body.details.reason, "CARD_ERROR");
    await ctx.settle();
    assert.deepEqual(await counts(), before);
    assert.equal((await ctx.stripeGet(`/v1/payment_intents/${intentId}`)).status, "canceled");
    assert.equal((await confirm(intentId)).status, 404);
  });

  await t.step("the webhook alone settles a completed challenge (the patient closed the page)", async () => {
    const res = await buy();
    const intentId = res.body.result.intentId;
    await (await answer3ds(ctx.emulator, intentId, "complete")).body?.cancel();
    await ctx.settle();
    const [tx] = await ctx.sql`select status from payment_transactions where invoice_id = ${intentId}`;
    assert.equal(tx.status, "succeeded");
  });
});
