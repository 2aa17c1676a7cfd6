/** Administration API: applications, admins, reviews, dashboard, reports, agreements — roles, bad input, audit. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { assertNoClinicalKeys, insertConsultation } from "./fixtures.ts";
import { NO_PAYOUT_ACCOUNT } from "./applications.ts";
import { ALREADY_REVIEWED, NOT_ELIGIBLE } from "./reviews.ts";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
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

apiTest("admin management: super admins only; never oneself, never the last super admin", async (t, ctx) => {
  const root = await ctx.createUser("admin", { is_super_admin: true, first_name: "Root", last_name: "Zed" });
  const plain = await ctx.createUser("admin", { first_name: "Plain", last_name: "Able" });

  await t.step("a non-super admin and other roles cannot manage admins", async () => {
    for (const [method, path, body] of [["GET", "/admins/list"], ["POST", "/admins", { email: "x@example.test" }], ["DELETE", `/admins/byId/${root.id}`]] as const) {
      assert.equal((await ctx.call(method, path, { token: plain.token, body })).status, 403, path);
    }
    const doctor = await ctx.createUser("doctor");
    assert.equal((await ctx.call("GET", "/admins/list", { token: doctor.token })).status, 403);
    assert.equal((await ctx.call("GET", "/admins/list")).status, 401);
  });

  await t.step("list with search and sort", async () => {
    const byName = await ctx.call("GET", "/admins/list?sort=name", { token: root.token });
    assert.deepEqual(byName.body.result.list.map((a: { lastName: string }) => a.lastName), ["Able", "Zed"]);
    const desc = await ctx.call("GET", "/admins/list?sort=name&direction=desc", { token: root.token });
    assert.deepEqual(desc.body.result.list.map((a: { lastName: string }) => a.lastName), ["Zed", "Able"]);
    const found = await ctx.call("GET", "/admins/list?search=plain", { token: root.token });
    assert.equal(found.body.result.totalCount, 1);
    for (const bad of ["?sort=password", "?direction=up", "?limit=1000"]) {
      assert.equal((await ctx.call("GET", `/admins/list${bad}`, { token: root.token })).status, 400, bad);
    }
  });

  await t.step("create by email sends an invitation; the link sets a password", async () => {
    const res = await ctx.call("POST", "/admins", { token: root.token, body: { email: "New.Admin@Example.test" } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.result.email, "new.admin@example.test");
    const mail = await ctx.lastMessage("new.admin@example.test");
    const token = /token=([^\s]+)/.exec(mail!.body)![1];
    const password = "Qv7-tRw9-xLp2-Za";
    const reset = await ctx.call("POST", `/users/reset/${decodeURIComponent(token)}`, { body: { password, repeatPassword: password, agreements: "[]" } });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    const login = await ctx.call("POST", "/users/login", { body: { email: "new.admin@example.test", password } });
    assert.equal(login.body.result.user.role, "admin");
    assert.equal((await ctx.call("POST", "/admins", { token: root.token, body: { email: "new.admin@example.test" } })).status, 400);
    for (const body of [{}, { email: "not-an-email" }, { email: "a@b.test", role: "admin" }]) {
      assert.equal((await ctx.call("POST", "/admins", { token: root.token, body })).status, 400, JSON.stringify(body));
    }
  });

  await t.step("delete: not oneself, not the last super admin; others go, audited", async () => {
    const self = await ctx.call("DELETE", `/admins/byId/${root.id}`, { token: root.token });
    assert.equal(self.status, 409);
    assert.equal(self.body.details.reason, "SELF_DELETE");
    const other = await ctx.createUser("admin", { is_super_admin: true });
    // Two super admins: one may delete the other.
    assert.equal((await ctx.call("DELETE", `/admins/byId/${root.id}`, { token: other.token })).status, 200);
    // `other` is now the last super admin. Through HTTP only a super admin may delete, so the last one could only
    // delete itself; the rule still holds for any caller (a race between two super admins lands here).
    const meta = { address: null, device: "test" };
    const someone = { userId: crypto.randomUUID(), role: "admin" as const, sessionId: "s", isSuperAdmin: true, fullAccess: true, doctorId: null, impersonatorSessionId: null };
    await assert.rejects(ctx.services.admin.admins.remove(someone, other.id, meta), (e: { status: number; details: { reason: string } }) =>
      e.status === 409 && e.details.reason === "LAST_SUPER_ADMIN");
    assert.equal((await ctx.call("DELETE", `/admins/byId/${plain.id}`, { token: other.token })).status, 200);
    assert.equal((await ctx.call("DELETE", `/admins/byId/${crypto.randomUUID()}`, { token: other.token })).status, 404);
    const audit = await ctx.sql`select event, actor_id, details from audit_log where event = 'admin.deleted' and subject_id = ${plain.id}`;
    assert.equal(audit[0].actor_id, other.id);
    assert.deepEqual(audit[0].details, { before: { email: plain.email, isSuperAdmin: false }, after: null });
  });
});

apiTest("reviews: eligibility, one per doctor, rating recomputed, hidden ones stop counting", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const make = (fields: Record<string, unknown>) => ctx.createUser("doctor", { stripe_account: "a", is_active_stripe_account: true, ...fields });
  const ada = await make({ first_name: "Ada" });
  const bob = await make({ first_name: "Bob", rating: 4.0 });
  const p1 = await ctx.createUser("patient", { doctor_id: ada.id });
  const p2 = await ctx.createUser("patient", { doctor_id: ada.id });
  await insertConsultation(ctx, { doctorId: ada.id, patientId: p1.id, status: "finished" });
  await insertConsultation(ctx, { doctorId: ada.id, patientId: p2.id, status: "finished" });
  await insertConsultation(ctx, { doctorId: bob.id, patientId: p1.id, status: "canceled" });
  const firstNames = async () => (await ctx.call("GET", "/doctors")).body.result.list.map((d: { firstName: string }) => d.firstName);

  await t.step("only a patient with a finished consultation with that doctor may review", async () => {
    const res = await ctx.call("POST", `/doctors/review/${bob.id}`, { token: p1.token, body: { rating: 5, comment: "" } });
    assert.equal(res.status, 403);
    assert.equal(res.body.message, NOT_ELIGIBLE);
    assert.equal((await ctx.call("GET", `/doctors/review/${bob.id}`, { token: p1.token })).body.result.eligible, false);
    assert.equal((await ctx.call("GET", `/doctors/review/${ada.id}`, { token: p1.token })).body.result.eligible, true);
    assert.equal((await ctx.call("POST", `/doctors/review/${ada.id}`, { token: bob.token, body: { rating: 5 } })).status, 403);
    assert.equal((await ctx.call("POST", `/doctors/review/${ada.id}`, { body: { rating: 5 } })).status, 401);
    assert.equal((await ctx.call("POST", `/doctors/review/${crypto.randomUUID()}`, { token: p1.token, body: { rating: 5 } })).status, 404);
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, {}, { rating: 5, comment: "x".repeat(2001) }, { rating: 5, comment: "a\u0000" }, { rating: 5, doctorId: ada.id }]) {
      assert.equal((await ctx.call("POST", `/doctors/review/${ada.id}`, { token: p1.token, body })).status, 400, JSON.stringify(body));
    }
    assert.deepEqual(await firstNames(), ["Bob", "Ada"]);
  });

  await t.step("reviews set the rating, which orders the doctors list; one review per doctor", async () => {
    const res = await ctx.call("POST", `/doctors/review/${ada.id}`, { token: p1.token, body: { rating: 5, comment: "Listened well" } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal((await ctx.call("GET", `/doctors/${ada.id}`)).body.result.rating, 5);
    assert.deepEqual(await firstNames(), ["Ada", "Bob"]);
    const again = await ctx.call("POST", `/doctors/review/${ada.id}`, { token: p1.token, body: { rating: 1 } });
    assert.equal(again.status, 409);
    assert.equal(again.body.message, ALREADY_REVIEWED);
    await ctx.call("POST", `/doctors/review/${ada.id}`, { token: p2.token, body: { rating: 2 } });
    assert.equal((await ctx.call("GET", `/doctors/${ada.id}`)).body.result.rating, 3.5);
    assert.deepEqual(await firstNames(), ["Bob", "Ada"]);
  });

  await t.step("admins list, hide and restore; hidden reviews stop counting; audited", async () => {
    assert.equal((await ctx.call("GET", "/admin/reviews", { token: p1.token })).status, 403);
    const list = await ctx.call("GET", "/admin/reviews", { token: admin.token });
    assert.equal(list.body.result.totalCount, 2);
    assertNoClinicalKeys(list.body.result);
    const low = list.body.result.list.find((r: { rating: number }) => r.rating === 2);
    const hide = await ctx.call("PUT", `/admin/reviews/${low.id}`, { token: admin.token, body: { hidden: true } });
    assert.equal(hide.body.result.hidden, true);
    assert.equal((await ctx.call("GET", `/doctors/${ada.id}`)).body.result.rating, 5);
    assert.equal((await ctx.call("GET", "/admin/reviews?status=hidden", { token: admin.token })).body.result.totalCount, 1);
    await ctx.call("PUT", `/admin/reviews/${low.id}`, { token: admin.token, body: { hidden: false } });
    assert.equal((await ctx.call("GET", `/doctors/${ada.id}`)).body.result.rating, 3.5);
    assert.equal((await ctx.call("PUT", `/admin/reviews/${low.id}`, { token: admin.token, body: { hidden: "yes" } })).status, 400);
    assert.equal((await ctx.call("PUT", `/admin/reviews/${crypto.randomUUID()}`, { token: admin.token, body: { hidden: true } })).status, 404);
    const events = (await ctx.deps.audit.forSubject(ada.id)).map((e) => e.event);
    assert.ok(events.includes("review.hidden") && events.includes("review.restored"));
  });
});

apiTest("dashboard figures; reports scoped by role, CSV streamed; no clinical content", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const doc = await ctx.createUser("doctor", { first_name: "Dora", last_name: "Doc" });
  const other = await ctx.createUser("doctor", { first_name: "Otto", last_name: "Other" });
  const vma = await ctx.createUser("vma", { doctor_id: doc.id, first_name: "Vic", last_name: "Assist" });
  const p1 = await ctx.createUser("patient", { doctor_id: doc.id, first_name: "Amy", last_name: "Alpha", gender: "Female", birth_date: "1990-01-01" });
  await ctx.createUser("patient", { doctor_id: other.id, first_name: "Ben", last_name: "Beta", birth_date: "1950-01-01" });
  await ctx.createUser("doctor", { application_status: "initial" });
  await ctx.sql`update medical_cards set card = card where patient_id = ${p1.id}`;
  await insertConsultation(ctx, { doctorId: doc.id, patientId: p1.id });
  await ctx.call("POST", "/contactus", { body: { name: "Q", email: "q@example.test", subject: "Hello", message: "Question" } });

  await t.step("dashboard: counts linking to their lists; commerce totals from the payments tables", async () => {
    assert.equal((await ctx.call("GET", "/admin/dashboard", { token: doc.token })).status, 403);
    const res = await ctx.call("GET", "/admin/dashboard", { token: admin.token });
    assert.equal(res.status, 200);
    const f = res.body.result;
    assert.equal(f.pendingApplications, 1);
    assert.equal(f.newPatientsThisWeek, 2);
    assert.equal(f.newDoctorsThisWeek, 3);
    assert.equal(f.openContactMessages, 1);
    assert.deepEqual(f.commerce, { activeMemberships: 0, revenueThisMonthCents: 0, feesThisMonthCents: 0 });
    assert.equal(f.openAdminTasks, 0);
    // One live membership and this month's charge with a partial refund: revenue and fees net of refunds.
    const [plan] = await ctx.sql<{ id: string }[]>`
      insert into plans (name, price_cents, interval, interval_count) values ('Monthly', 5900, 'month', 1) returning id`;
    const [membership] = await ctx.sql<{ id: string }[]>`
      insert into memberships (patient_id, doctor_id, plan_id, subscription_id, status, amount_cents)
      values (${p1.id}, ${doc.id}, ${plan.id}, 'sub_dash', 'active', 5900) returning id`;
    await ctx.sql`insert into payment_transactions
      (patient_id, doctor_id, membership_id, invoice_id, type, status, amount_cents, fee_cents, net_cents, refunded_cents, fee_refunded_cents)
      values (${p1.id}, ${doc.id}, ${membership.id}, 'in_dash', 'membership', 'succeeded', 5900, 885, 5015, 1000, 150)`;
    const after = (await ctx.call("GET", "/admin/dashboard", { token: admin.token })).body.result;
    assert.deepEqual(after.commerce, { activeMemberships: 1, revenueThisMonthCents: 4900, feesThisMonthCents: 735 });
    assertNoClinicalKeys(f);
  });

  await t.step("reports: admin everything, doctor and VMA their panel, patient nothing", async () => {
    const names = async (token: string, extra = "") =>
      (await ctx.call("GET", `/reports?fields=name,doctor,vmas,age,gender${extra}`, { token })).body.result.list.map((r: { name: string }) => r.name);
    assert.deepEqual(await names(admin.token), ["Amy Alpha", "Ben Beta"]);
    assert.deepEqual(await names(doc.token), ["Amy Alpha"]);
    assert.deepEqual(await names(vma.token), ["Amy Alpha"]);
    assert.deepEqual(await names(other.token), ["Ben Beta"]);
    assert.deepEqual(await names(doc.token, `&doctorId=${other.id}`), []);
    assert.equal((await ctx.call("GET", "/reports?fields=name", { token: p1.token })).status, 403);
    assert.equal((await ctx.call("GET", "/reports?fields=name")).status, 401);
    assert.deepEqual(await names(admin.token, "&minAge=60"), ["Ben Beta"]);
    assert.deepEqual(await names(admin.token, "&gender=Female"), ["Amy Alpha"]);
    const full = await ctx.call("GET", `/reports?fields=name,doctor,vmas,gender,membershipStatus`, { token: admin.token });
    assert.deepEqual(full.body.result.list[0], { id: p1.id, name: "Amy Alpha", doctor: "Dora Doc", vmas: "Vic Assist", gender: "Female", membershipStatus: null });
    assert.equal(full.body.result.commerce, false);
    assertNoClinicalKeys(full.body.result);
    for (const bad of ["", "?fields=", "?fields=diagnosis", "?fields=name&minAge=50&maxAge=20", "?fields=name&format=pdf", "?fields=name&doctorId=x"]) {
      assert.equal((await ctx.call("GET", `/reports${bad}`, { token: admin.token })).status, 400, bad);
    }
  });

  await t.step("CSV download: the same rows as the preview, quoted, audited", async () => {
    await ctx.createUser("patient", { first_name: "Cy, \"Jr\"", last_name: "=Gamma", doctor_id: doc.id });
    const res = await ctx.call("GET", "/reports?fields=name,doctor&format=csv", { token: doc.token });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type")!, /text\/csv/);
    assert.match(res.headers.get("content-disposition")!, /attachment; filename="report-/);
    const lines = (res.body as string).replace(/^\uFEFF/, "").trim().split("\r\n");
    // "=Gamma" sorts before "Alpha"; the leading "=" is kept in the name but cannot start a cell (the name starts the cell).
    assert.deepEqual(lines, ["Name,Doctor", "\"Cy, \"\"Jr\"\" =Gamma\",Dora Doc", "Amy Alpha,Dora Doc"]);
    const [row] = await ctx.sql`select actor_id from audit_log where event = 'report.downloaded' order by id desc limit 1`;
    assert.equal(row.actor_id, doc.id);
  });
});

apiTest("agreements: fields, PDF only, public page, acceptance with version, new version asks again", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const patient = await ctx.createUser("patient");
  const form = (fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    if (file) f.set("file", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }));
    return f;
  };
  const base = { name: "telehealth-consent", title: "Telehealth consent", visible: "true", required: "true", signupPlacement: "true", footer: "false", status: "published", date: "2026-01-01" };

  await t.step("the built-in agreements are there; everyone has accepted the required ones at sign-up", async () => {
    const list = await ctx.call("GET", "/agreements?placement=signup");
    assert.deepEqual(list.body.result.map((a: { name: string }) => a.name).sort(), ["prescription", "privacy", "terms"]);
    await ctx.sql`insert into user_agreements (user_id, name) values (${patient.id}, 'terms'), (${patient.id}, 'privacy'), (${patient.id}, 'prescription')`;
    assert.deepEqual((await ctx.call("GET", "/agreements/pending", { token: patient.token })).body.result, []);
  });

  await t.step("admins create with a PDF; other files, roles and bad fields are refused", async () => {
    assert.equal((await ctx.call("POST", "/admin/agreements", { token: patient.token, form: form(base) })).status, 403);
    const png = await ctx.call("POST", "/admin/agreements", { token: admin.token, form: form(base, { bytes: PNG, name: "a.pdf", type: "application/pdf" }) });
    assert.equal(png.status, 400);
    for (const bad of [{ ...base, name: "Bad Name" }, { ...base, title: "" }, { ...base, status: "live" }, { ...base, date: "soon" }, { ...base, extra: "1" }]) {
      assert.equal((await ctx.call("POST", "/admin/agreements", { token: admin.token, form: form(bad) })).status, 400, JSON.stringify(bad));
    }
    const res = await ctx.call("POST", "/admin/agreements", { token: admin.token, form: form(base, { bytes: PDF, name: "c.pdf", type: "application/pdf" }) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual({ ...res.body.result, updatedAt: undefined }, {
      name: "telehealth-consent", title: "Telehealth consent", body: "", visible: true, required: true, signupPlacement: true,
      footer: false, status: "published", date: "2026-01-01", version: 1, hasPdf: true, updatedAt: undefined,
    });
    const pdf = await ctx.call("GET", "/agreements/telehealth-consent/pdf");
    assert.equal(pdf.headers.get("content-type"), "application/pdf");
    assert.equal((await ctx.call("GET", "/agreements/telehealth-consent")).body.result.title, "Telehealth consent");
  });

  await t.step("a new required agreement and a new version are pending until accepted (with version and date)", async () => {
    assert.deepEqual((await ctx.call("GET", "/agreements/pending", { token: patient.token })).body.result.map((a: { name: string }) => a.name), ["telehealth-consent"]);
    const acc = await ctx.call("POST", "/agreements/accept", { token: patient.token, body: { names: ["telehealth-consent"] } });
    assert.deepEqual(acc.body.result.pending, []);
    await ctx.call("POST", "/admin/agreements", { token: admin.token, form: form({ ...base, newVersion: "true" }) });
    assert.equal((await ctx.call("GET", "/agreements/pending", { token: patient.token })).body.result[0].version, 2);
    await ctx.call("POST", "/agreements/accept", { token: patient.token, body: { names: ["telehealth-consent"] } });
    const [row] = await ctx.sql`select version, accepted_at from user_agreements where user_id = ${patient.id} and name = 'telehealth-consent'`;
    assert.equal(row.version, 2);
    assert.ok(row.accepted_at instanceof Date);
    assert.equal((await ctx.call("POST", "/agreements/accept", { token: patient.token, body: { names: ["nope"] } })).status, 400);
    assert.equal((await ctx.call("POST", "/agreements/accept", { token: patient.token, body: { names: [] } })).status, 400);
  });

  await t.step("sign-up needs the required agreements placed on the form; unknown names are refused", async () => {
    const password = "Kx7-pW2q-9vLr";
    const body = (agreements: string[]) => ({
      role: "patient", email: `signup.${crypto.randomUUID().slice(0, 8)}@example.test`, password, repeatPassword: password,
      firstName: "Sig", lastName: "Nup", birthDate: "1990-01-01", gender: "Female", phoneNumber: "7025550123", state: "NV",
      city: "Reno", zip: "89501", address: "1 Main St", agreements,
    });
    const missing = await ctx.call("POST", "/users", { body: body(["terms", "privacy", "prescription"]) });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.details.fields.agreements, "Accept the Telehealth consent");
    const unknown = await ctx.call("POST", "/users", { body: body(["terms", "privacy", "prescription", "telehealth-consent", "draft-two"]) });
    assert.equal(unknown.body.details.fields["agreements.4"], "Unknown agreement");
    const ok = await ctx.call("POST", "/users", { body: body(["terms", "privacy", "prescription", "telehealth-consent"]) });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    const rows = await ctx.sql`select name, version from user_agreements where user_id = ${ok.body.result.user.id} order by name`;
    assert.deepEqual(rows.map((r) => `${r.name}@${r.version}`), ["prescription@1", "privacy@1", "telehealth-consent@2", "terms@1"]);
  });

  await t.step("drafts are not public", async () => {
    await ctx.call("POST", "/admin/agreements", { token: admin.token, form: form({ ...base, name: "draft-one", status: "draft" }) });
    assert.equal((await ctx.call("GET", "/agreements/draft-one")).status, 404);
    assert.equal((await ctx.call("GET", "/agreements/draft-one", { token: admin.token })).status, 200);
  });
});

apiTest("contact-us queue: the sender's support chat to answer in; admins only", async (_t, ctx) => {
  const admin = await ctx.createUser("admin");
  const patient = await ctx.createUser("patient");
  await ctx.call("POST", "/contactus", { token: patient.token, body: { name: "Pat", email: patient.email, subject: "Billing", message: "A question" } });
  await ctx.call("POST", "/contactus", { body: { name: "Guest", email: "guest@example.test", subject: "Hello", message: "Anonymous" } });
  const queue = (await ctx.call("GET", "/admin/contactus", { token: admin.token })).body.result.list;
  const mine = queue.find((m: { subject: string }) => m.subject === "Billing");
  const guest = queue.find((m: { subject: string }) => m.subject === "Hello");
  const chat = await ctx.call("GET", `/admin/contactus/${mine.id}/chat`, { token: admin.token });
  const [support] = await ctx.sql`select c.id from chats c join chat_members m on m.chat_id = c.id where c.kind = 'support' and m.user_id = ${patient.id}`;
  assert.equal(chat.body.result.chatId, support.id);
  assert.equal((await ctx.call("GET", `/admin/contactus/${guest.id}/chat`, { token: admin.token })).body.result.chatId, null);
  assert.equal((await ctx.call("GET", `/admin/contactus/${mine.id}/chat`, { token: patient.token })).status, 403);
  assert.equal((await ctx.call("GET", `/admin/contactus/${crypto.randomUUID()}/chat`, { token: admin.token })).status, 404);
  // Closing a message is an audited admin action.
  assert.equal((await ctx.call("PUT", `/admin/contactus/${mine.id}`, { token: admin.token, body: { handled: true } })).status, 200);
  const [audit] = await ctx.sql`select actor_id, details from audit_log where event = 'contact.handled'`;
  assert.equal(audit.actor_id, admin.id);
  assert.deepEqual(audit.details, { contactMessageId: mine.id, before: { handled: false }, after: { handled: true } });
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
    await ctx.deps.jobs.send("admin.credentialing-due", { doctorId: doctor.id, credentialedAt: "2022-03-01" });
    await ctx.deps.jobs.drain();
    assert.equal(await reminders(), 1);
    const dashboard = await ctx.call("GET", "/admin/dashboard", { token: admin.token });
    assert.equal(dashboard.body.result.credentialingDue, 1);
  });

  await t.step("a reminder for a date the doctor no longer has is skipped", async () => {
    await ctx.deps.jobs.send("admin.credentialing-due", { doctorId: doctor.id, credentialedAt: "2021-01-01" });
    await ctx.deps.jobs.drain();
    assert.equal(await reminders(), 1);
  });
});
