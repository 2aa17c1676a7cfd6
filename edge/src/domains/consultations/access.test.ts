/**
 * Who sees a consultation, table-driven: every role against their own, another
 * practice's and a cross-practice consultation, through every consultation call.
 * A hidden consultation answers exactly like one that does not exist.
 */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { accepted, booked, createBookableDoctor, createPatient, LONG_TOKENS, MONDAY_MORNING } from "../../test/consultation-fixtures.ts";

apiTest("consultation access: A cannot see B, for every role and every call", async (t, ctx) => {
  ctx.clock.set(MONDAY_MORNING);
  const doctorA = await createBookableDoctor(ctx);
  const doctorB = await createBookableDoctor(ctx);
  const vmaA = await ctx.createUser("vma", { doctor_id: doctorA.id });
  const vmaB = await ctx.createUser("vma", { doctor_id: doctorB.id });
  const patientA = await createPatient(ctx, doctorA);
  const patientB = await createPatient(ctx, doctorB);
  const loner = await createPatient(ctx);
  const admin = await ctx.createUser("admin");
  const unapproved = await ctx.createUser("doctor", { application_status: "initial" });
  const vmaOfUnapproved = await ctx.createUser("vma", { doctor_id: unapproved.id });

  const cA = await accepted(ctx, patientA, doctorA, "2026-03-02T17:00:00.000Z");
  const cB = await booked(ctx, patientB, doctorB.id, "2026-03-02T17:00:00.000Z");
  // Patient B consults doctor A (not their own doctor): A's practice sees it, B's doesn't.
  const cX = await booked(ctx, patientB, doctorA.id, "2026-03-02T18:00:00.000Z");
  const all = { cA: cA.id, cB: cB.id, cX: cX.id };

  const viewers = {
    "patient A": [patientA, ["cA"]],
    "doctor A": [doctorA, ["cA", "cX"]],
    "VMA of A": [vmaA, ["cA", "cX"]],
    "patient B": [patientB, ["cB", "cX"]],
    "doctor B": [doctorB, ["cB"]],
    "VMA of B": [vmaB, ["cB"]],
    admin: [admin, ["cA", "cB", "cX"]],
    "a patient without a doctor": [loner, []],
    "an unapproved doctor": [unapproved, []],
    "the VMA of an unapproved doctor": [vmaOfUnapproved, []],
  } as const;

  const missing = await ctx.call("GET", `/consultations/${crypto.randomUUID()}`, { token: admin.token });

  for (const [who, [user, sees]] of Object.entries(viewers)) {
    await t.step(`${who}: the list holds exactly ${sees.join(", ") || "nothing"}`, async () => {
      const res = await ctx.call("GET", "/consultations?limit=100", { token: user.token });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.result.list.map((c: { id: string }) => c.id).sort(), sees.map((k) => all[k]).sort());
      const calendar = await ctx.call("GET", "/calendar?type=week&withOwn=true" + (user === admin ? `&doctorId=${doctorA.id}` : ""), { token: user.token });
      const inCalendar = calendar.status === 200
        ? calendar.body.result.days.flatMap((d: { consultations: { id: string }[] }) => d.consultations.map((c) => c.id))
        : [];
      for (const id of inCalendar) assert.ok(sees.some((k) => all[k] === id), `${who} sees ${id} in the calendar`);
    });

    for (const [name, id] of Object.entries(all)) {
      const visible = (sees as readonly string[]).includes(name);
      await t.step(`${who} × ${name}: ${visible ? "visible" : "404, like a missing one"}`, async () => {
        const one = await ctx.call("GET", `/consultations/${id}`, { token: user.token });
        const form = await ctx.call("GET", `/consultations/intakeForm/${id}`, { token: user.token });
        const access = await ctx.call("GET", `/consultations/${id}/access`, { token: user.token });
        if (visible) {
          assert.deepEqual([one.status, form.status], [200, 200]);
          assert.notEqual(access.body.result.state, "not_found");
          return;
        }
        assert.deepEqual([one.status, one.body], [404, { ...missing.body, message: "Consultation not found" }]);
        assert.equal(form.status, 404);
        assert.equal(access.body.result.state, "not_found");
        // Changes to a hidden consultation are refused as not found (or by role) and change nothing.
        const before = await ctx.sql`select status, start_at from consultations where id = ${id}`;
        const answers = [
          await ctx.call("POST", `/consultations/${id}`, { token: user.token, body: { reason: "probe" } }),
          await ctx.call("PUT", `/consultations/accept/${id}`, { token: user.token }),
          await ctx.call("PUT", `/consultations/decline/${id}`, { token: user.token, body: { reason: "probe" } }),
          await ctx.call("PUT", `/consultations/reschedule/${id}?startAt=2026-03-03T17:00:00.000Z`, { token: user.token }),
          await ctx.call("PUT", `/consultations/intakeForm/${id}`, { token: user.token, body: {} }),
        ];
        for (const res of answers) assert.ok([403, 404].includes(res.status), `${res.status} ${JSON.stringify(res.body)}`);
        assert.equal(answers[0].status, 404, "cancel");
        assert.deepEqual(await ctx.sql`select status, start_at from consultations where id = ${id}`, before);
      });
    }
  }

  await t.step("a doctor or VMA never reads another practice's calendar; an admin must name the doctor", async () => {
    for (const user of [doctorB, vmaB]) {
      const res = await ctx.call("GET", `/calendar?doctorId=${doctorA.id}`, { token: user.token });
      assert.deepEqual([res.status, res.body.message], [404, "No such doctor"]);
    }
    assert.equal((await ctx.call("GET", "/calendar", { token: admin.token })).status, 400);
  });

  await t.step("signed-out callers get 401 everywhere", async () => {
    for (const [method, path] of [["GET", "/consultations"], ["GET", `/consultations/${cA.id}`], ["POST", `/consultations/${cA.id}`],
      ["GET", "/consultations/nearest"], ["GET", `/consultations/${cA.id}/access`], ["GET", "/calendar"]] as const) {
      assert.equal((await ctx.call(method, path)).status, 401, `${method} ${path}`);
    }
  });
}, LONG_TOKENS);
