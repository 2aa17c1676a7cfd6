/** Doctor applications (approve, decline, deactivate) and credentialing reminders. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { assertNoClinicalKeys } from "./fixtures.ts";
import { NO_PAYOUT_ACCOUNT } from "./applications.ts";
import { CREDENTIALING_JOB } from "./jobs.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

apiTest("doctor applications: approve with commission, decline with reason, deactivate, reactivate", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const applicant = await ctx.createUser("doctor", {
    application_status: "initial", npi: "1234567893", dea: "AB1234563", licensed_states: ["NV", "CA"], specialty: "Family practice",
  });
  const noPayout = await ctx.createUser("doctor", { application_status: "initial", npi: "1234567890" });
  const patient = await ctx.createUser("patient");

  await t.step("only admins list applications; every submitted field is there; NPI checked", async () => {
    assert.equal((await ctx.call("GET", "/admin/applications")).status, 401);
    assert.equal((await ctx.call("GET", "/admin/applications", { token: patient.token })).status, 403);
    assert.equal((await ctx.call("GET", "/admin/applications", { token: applicant.token })).status, 403);
    const res = await ctx.call("GET", "/admin/applications", { token: admin.token });
    assert.equal(res.status, 200);
    assert.equal(res.body.result.totalCount, 2);
    const app = res.body.result.list.find((a: { id: string }) => a.id === applicant.id);
    assert.equal(app.npi, "1234567893");
    assert.equal(app.npiValid, true);
    assert.equal(app.dea, "AB1234563");
    assert.deepEqual(app.licensedStates, ["NV", "CA"]);
    assert.equal(app.specialty, "Family practice");
    assert.equal(app.hasPayoutAccount, false);
    assert.equal(res.body.result.list.find((a: { id: string }) => a.id === noPayout.id).npiValid, false);
    assertNoClinicalKeys(res.body.result);
    for (const bad of ["?status=nope", "?limit=0", "?search=%00"]) {
      assert.equal((await ctx.call("GET", `/admin/applications${bad}`, { token: admin.token })).status, 400, bad);
    }
  });

  await t.step("bad status changes are refused and change nothing", async () => {
    for (const body of [
      { status: "approved", commission: 101 }, { status: "approved", commission: -1 }, { status: "approved", commission: 1.5 },
      { status: "approved" }, { status: "declined" }, { status: "declined", reason: "  " }, { status: "declined", reason: "a\u0000b" },
      { status: "promoted" }, { status: "approved", commission: 10, extra: 1 },
    ]) {
      const res = await ctx.call("POST", `/doctors/${applicant.id}`, { token: admin.token, body });
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    assert.equal((await ctx.call("POST", `/doctors/not-a-uuid`, { token: admin.token, body: { status: "active" } })).status, 400);
    assert.equal((await ctx.call("POST", `/doctors/${crypto.randomUUID()}`, { token: admin.token, body: { status: "active" } })).status, 404);
    assert.equal((await ctx.call("POST", `/doctors/${applicant.id}`, { token: patient.token, body: { status: "approved", commission: 10 } })).status, 403);
    const [row] = await ctx.sql`select application_status, commission_percent from users where id = ${applicant.id}`;
    assert.deepEqual({ ...row }, { application_status: "initial", commission_percent: null });
  });

  await t.step("approval without a connected payout account is refused with the 02 §8 message", async () => {
    const res = await ctx.call("POST", `/doctors/${applicant.id}`, { token: admin.token, body: { status: "approved", commission: 15 } });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, NO_PAYOUT_ACCOUNT);
    assert.equal((await ctx.call("GET", `/doctors/${applicant.id}`)).status, 404);
  });

  await t.step("an applicant whose fax number an approved practice has is not approved (received faxes would be shared)", async () => {
    const practice = await ctx.createUser("doctor", { fax: "+13125550188" });
    await ctx.sql`update users set stripe_account = 'acct_1', is_active_stripe_account = true, fax = '+13125550188' where id = ${applicant.id}`;
    const res = await ctx.call("POST", `/doctors/${applicant.id}`, { token: admin.token, body: { status: "approved", commission: 15 } });
    assert.deepEqual([res.status, res.body.details?.reason], [409, "FAX_TAKEN"], JSON.stringify(res.body));
    assert.equal((await ctx.call("GET", `/doctors/${applicant.id}`)).status, 404, "not approved");
    await ctx.sql`update users set fax = null where id = ${applicant.id}`;
    assert.ok(practice.id);
  });

  await t.step("approval with a payout account stores the commission; the doctor is listed; audited before/after", async () => {
    await ctx.sql`update users set stripe_account = 'acct_1', is_active_stripe_account = true where id = ${applicant.id}`;
    const res = await ctx.call("POST", `/doctors/${applicant.id}`, {
      token: admin.token, body: { status: "approved", commission: 15, credentialedAt: "2025-06-01" },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.applicationStatus, "approved");
    assert.equal(res.body.result.commission, 15);
    assert.equal(res.body.result.credentialingDueAt, "2028-06-01");
    const [row] = await ctx.sql`select commission_percent from users where id = ${applicant.id}`;
    assert.equal(row.commission_percent, 15);
    assert.equal((await ctx.call("GET", `/doctors/${applicant.id}`)).status, 200);
    assert.match((await ctx.lastMessage(applicant.email))!.subject, /approved/);
    const audit = (await ctx.deps.audit.forSubject(applicant.id)).find((e) => e.event === "doctor.approved")!;
    assert.equal(audit.actor_id, admin.id);
    assert.deepEqual(audit.details.before, { applicationStatus: "initial", commission: null, deactivated: false, credentialedAt: null });
    assert.deepEqual(audit.details.after, { applicationStatus: "approved", commission: 15, deactivated: false, credentialedAt: "2025-06-01" });
    // The set-commission dialog: approving again changes only the commission.
    const again = await ctx.call("POST", `/doctors/${applicant.id}`, { token: admin.token, body: { status: "approved", commission: 20 } });
    assert.equal(again.body.result.commission, 20);
    assert.equal((await ctx.call("POST", `/doctors/${applicant.id}`, { token: admin.token, body: { status: "declined", reason: "x" } })).status, 409);
  });

  await t.step("decline mails the reason", async () => {
    const res = await ctx.call("POST", `/doctors/${noPayout.id}`, { token: admin.token, body: { status: "declined", reason: "Your license could not be verified" } });
    assert.equal(res.status, 200);
    assert.equal(res.body.result.declineReason, "Your license could not be verified");
    assert.match((await ctx.lastMessage(noPayout.email))!.body, /Your license could not be verified/);
    assert.equal((await ctx.call("POST", `/doctors/${noPayout.id}`, { token: admin.token, body: { status: "deactivated" } })).status, 409);
  });

  await t.step("deactivation: not listed, not bookable, the patients are told; reactivation lists again", async () => {
    const mine = await ctx.createUser("patient", { doctor_id: applicant.id });
    const res = await ctx.call("POST", `/doctors/${applicant.id}`, { token: admin.token, body: { status: "deactivated", reason: "Left" } });
    assert.equal(res.status, 200);
    assert.ok(res.body.result.deactivatedAt);
    assert.equal((await ctx.call("GET", `/doctors/${applicant.id}`)).status, 404);
    const list = await ctx.call("GET", "/doctors");
    assert.ok(!list.body.result.list.some((d: { id: string }) => d.id === applicant.id));
    const booking = await ctx.call("POST", "/consultations", {
      token: mine.token, body: { doctorId: applicant.id, startAt: new Date(Date.now() + 86_400_000).toISOString(), type: "video", reason: "x" },
    });
    assert.equal(booking.status, 404, JSON.stringify(booking.body));
    const notes = await ctx.call("GET", "/siteNotifications", { token: mine.token });
    assert.equal(notes.body.result.list[0].kind, "doctor.deactivated");
    assert.equal((await ctx.call("GET", "/admin/applications?status=deactivated", { token: admin.token })).body.result.totalCount, 1);
    const back = await ctx.call("POST", `/doctors/${applicant.id}`, { token: admin.token, body: { status: "active" } });
    assert.equal(back.body.result.deactivatedAt, null);
    assert.equal((await ctx.call("GET", `/doctors/${applicant.id}`)).status, 200);
    const events = (await ctx.deps.audit.forSubject(applicant.id)).map((e) => e.event);
    assert.ok(events.includes("doctor.deactivated") && events.includes("doctor.reactivated"));
  });

  await t.step("the signature image is for admins", async () => {
    const blobId = await ctx.deps.blobs.put({ ownerId: applicant.id, kind: "signature", contentType: "image/png", data: PNG });
    await ctx.sql`update users set sign_blob_id = ${blobId} where id = ${applicant.id}`;
    const res = await ctx.call("GET", `/admin/applications/${applicant.id}/sign`, { token: admin.token });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "image/png");
    assert.equal((await ctx.call("GET", `/admin/applications/${applicant.id}/sign`, { token: patient.token })).status, 403);
  });
});

apiTest("credentialing: approval queues a reminder for the 3-year due date; the job tells admins and the doctor once", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const doctor = await ctx.createUser("doctor", { application_status: "initial", stripe_account: "acct_c", is_active_stripe_account: true, first_name: "Cred" });
  const reminders = async () => (await ctx.sql`select count(*)::int as n from audit_log where event = 'doctor.credentialing_due'`)[0].n;

  await t.step("a reminder due in the future does not run yet", async () => {
    const res = await ctx.call("POST", `/doctors/${doctor.id}`, { token: admin.token, body: { status: "approved", commission: 10 } });
    assert.equal(res.status, 200);
    await ctx.deps.jobs.drain();
    assert.equal(await reminders(), 0);
  });

  await t.step("credentialed more than 3 years ago: the reminder runs now, once", async () => {
    const res = await ctx.call("POST", `/doctors/${doctor.id}`, { token: admin.token, body: { status: "approved", commission: 10, credentialedAt: "2022-03-01" } });
    assert.equal(res.body.result.credentialingDueAt, "2025-03-01");
    await ctx.deps.jobs.drain();
    assert.equal(await reminders(), 1);
    const notes = await ctx.call("GET", "/siteNotifications", { token: admin.token });
    assert.equal(notes.body.result.list[0].kind, "doctor.credentialingDue");
    assert.match((await ctx.lastMessage(doctor.email))!.subject, /credentialing is due/);
    // The handler is idempotent: running it again for the same date changes nothing.
    await ctx.deps.jobs.send(CREDENTIALING_JOB, { doctorId: doctor.id, credentialedAt: "2022-03-01" });
    await ctx.deps.jobs.drain();
    assert.equal(await reminders(), 1);
    const dashboard = await ctx.call("GET", "/admin/dashboard", { token: admin.token });
    assert.equal(dashboard.body.result.credentialingDue, 1);
  });

  await t.step("a reminder for a date the doctor no longer has is skipped", async () => {
    await ctx.deps.jobs.send(CREDENTIALING_JOB, { doctorId: doctor.id, credentialedAt: "2021-01-01" });
    await ctx.deps.jobs.drain();
    assert.equal(await reminders(), 1);
  });
});
