/** The admin dashboard and the reports (scoped by role, CSV). */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { assertNoClinicalKeys, insertConsultation } from "./fixtures.ts";

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
      (patient_id, doctor_id, membership_id, invoice_id, type, status, amount_cents, fee_cents, net_cents, refunded_cents,
        fee_refunded_cents, net_reversed_cents)
      values (${p1.id}, ${doc.id}, ${membership.id}, 'in_dash', 'membership', 'succeeded', 5900, 885, 5015, 1000, 150, 850)`;
    // A refund whose fee refund (1.5 → 2) and transfer reversal (8.5 → 9) both round up: the platform keeps
    // 100 − 10 − (85 − 9) = 14, as the ledger says; "fee less fee refunded" would say 13 (issue 32: a cent apart).
    await ctx.sql`insert into payment_transactions
      (patient_id, doctor_id, membership_id, invoice_id, type, status, amount_cents, fee_cents, net_cents, refunded_cents,
        fee_refunded_cents, net_reversed_cents)
      values (${p1.id}, ${doc.id}, ${membership.id}, 'in_dash_2', 'membership', 'succeeded', 100, 15, 85, 10, 2, 9)`;
    const after = (await ctx.call("GET", "/admin/dashboard", { token: admin.token })).body.result;
    assert.deepEqual(after.commerce, { activeMemberships: 1, revenueThisMonthCents: 4990, feesThisMonthCents: 735 + 14 });
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
    const full = await ctx.call("GET", `/reports?fields=name,doctor,vmas,gender,membershipStatus,bought,lifetimeValue,grossProfit`, { token: admin.token });
    // The commerce columns (02 §3; issue 32: they were always empty): the membership of the dashboard step, its payments
    // net of refunds, and what the platform kept (the ledger's rule).
    assert.deepEqual(full.body.result.list[0], {
      id: p1.id, name: "Amy Alpha", doctor: "Dora Doc", vmas: "Vic Assist", gender: "Female", membershipStatus: "Active",
      bought: "Monthly", lifetimeValue: "49.90", grossProfit: "7.49",
    });
    assert.equal(full.body.result.commerce, true);
    assertNoClinicalKeys(full.body.result);
    for (const bad of ["", "?fields=", "?fields=diagnosis", "?fields=name&minAge=50&maxAge=20", "?fields=name&format=pdf", "?fields=name&doctorId=x",
      "?fields=name&joinedFrom=0000-01-01", "?fields=name&joinedTo=2025-02-29"]) {
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
