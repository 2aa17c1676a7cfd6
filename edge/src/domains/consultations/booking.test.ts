/** Booking (`POST /consultations`): every rule, with bad input, and one slot one booking under concurrency. */
import assert from "node:assert/strict";
import { createServer } from "node:http";
import postgres from "postgres";
import { getRequestListener } from "@hono/node-server";
import { apiTest } from "../../test/harness.ts";
import {
  book, booked, bookingBody, createBookableDoctor, createPatient, fieldError, LONG_TOKENS, MONDAY_MORNING,
} from "../../test/consultation-fixtures.ts";
import { CONSULTATION_MESSAGES } from "../../../../sync/schemas/consultation.ts";
import { INTAKE_MESSAGES } from "../../../../sync/schemas/intake-form.ts";

const NINE = "2026-03-02T17:00:00.000Z"; // Monday 09:00 in Los Angeles
const NINE_THIRTY = "2026-03-02T17:30:00.000Z";

apiTest("booking: the rules of POST /consultations", async (t, ctx) => {
  ctx.clock.set(MONDAY_MORNING);
  const doctor = await createBookableDoctor(ctx);
  const patient = await createPatient(ctx, doctor);

  await t.step("a patient books a free slot: requested, the slot's end, the reason", async () => {
    const res = await book(ctx, patient, bookingBody(doctor.id, NINE));
    assert.equal(res.status, 201);
    const c = res.body.result;
    assert.deepEqual(
      [c.status, c.startAt, c.endAt, c.type, c.reason, c.doctorId, c.patientId, c.outOfStateReason, c.encounterId],
      ["requested", NINE, NINE_THIRTY, "video", "Persistent cough", doctor.id, patient.id, null, null],
    );
    assert.equal(c.access.state, "not_started");
    assert.equal(c.doctor.lastName.length > 0, true);
  });

  await t.step("the same slot again: 409 SLOT_TAKEN, for anyone", async () => {
    const other = await createPatient(ctx, doctor);
    const res = await book(ctx, other, bookingBody(doctor.id, NINE, { type: "chat" }));
    assert.deepEqual([res.status, res.body.details.reason], [409, "SLOT_TAKEN"]);
    assert.equal(res.body.message, "This time slot is no longer available");
  });

  await t.step("an ISO time with another offset names the same instant", async () => {
    const res = await book(ctx, await createPatient(ctx, doctor), bookingBody(doctor.id, "2026-03-02T09:00:00-08:00"));
    assert.deepEqual([res.status, res.body.details.reason], [409, "SLOT_TAKEN"]);
  });

  await t.step("the patient cannot hold two consultations at once (another doctor, same time)", async () => {
    const other = await createBookableDoctor(ctx);
    const res = await book(ctx, patient, bookingBody(other.id, NINE));
    assert.deepEqual([res.status, res.body.details.reason], [409, "PATIENT_BUSY"]);
  });

  await t.step("bad input names each field and books nothing", async () => {
    const before = await ctx.sql`select count(*)::int as n from consultations`;
    const res = await book(ctx, patient, { doctorId: "nope", startAt: "tomorrow at nine", type: "phone", reason: "  ", extra: 1 });
    assert.equal(res.status, 400);
    assert.deepEqual(Object.keys(res.body.details.fields).sort(), ["doctorId", "extra", "reason", "startAt", "type"]);
    assert.equal(fieldError(res, "reason"), CONSULTATION_MESSAGES.reasonRequired);
    assert.equal((await book(ctx, patient, {})).status, 400);
    assert.equal((await ctx.sql`select count(*)::int as n from consultations`)[0].n, before[0].n);
  });

  await t.step("a time in the past, off the slot grid, outside the hours, too far ahead: 400 on startAt", async () => {
    const cases: [string, string][] = [
      ["2026-03-02T15:30:00.000Z", "IN_PAST"],
      ["2026-03-02T17:10:00.000Z", "OUTSIDE_AVAILABILITY"],
      ["2026-03-03T01:00:00.000Z", "OUTSIDE_AVAILABILITY"], // 17:00, the end of the day
      ["2026-03-07T18:00:00.000Z", "OUTSIDE_AVAILABILITY"], // Saturday
      ["2026-09-01T16:00:00.000Z", "TOO_FAR_AHEAD"],
    ];
    for (const [startAt, reason] of cases) {
      const res = await book(ctx, patient, bookingBody(doctor.id, startAt));
      assert.deepEqual([res.status, res.body.details.reason], [400, reason], startAt);
      assert.ok(fieldError(res, "startAt"), startAt);
    }
  });

  await t.step("a doctor without hours has no slots", async () => {
    const idle = await ctx.createUser("doctor", { stripe_account: "acct_x", is_active_stripe_account: true });
    const res = await book(ctx, patient, bookingBody(idle.id, NINE));
    assert.deepEqual([res.status, res.body.details.reason], [400, "OUTSIDE_AVAILABILITY"]);
  });

  await t.step("only listed doctors: unknown, unapproved, blocked → 404 'No such doctor'", async () => {
    const unapproved = await createBookableDoctor(ctx, { application_status: "initial" });
    const blocked = await createBookableDoctor(ctx);
    await ctx.sql`update users set is_blocked = true where id = ${blocked.id}`;
    for (const id of [crypto.randomUUID(), unapproved.id, blocked.id, patient.id]) {
      const res = await book(ctx, patient, bookingBody(id, NINE_THIRTY));
      assert.deepEqual([res.status, res.body.message], [404, "No such doctor"]);
    }
  });

  await t.step("a doctor whose payout account is inactive cannot be booked: 409 DOCTOR_UNAVAILABLE", async () => {
    const inactive = await createBookableDoctor(ctx, { is_active_stripe_account: false });
    const res = await book(ctx, patient, bookingBody(inactive.id, NINE_THIRTY));
    assert.deepEqual([res.status, res.body.details.reason], [409, "DOCTOR_UNAVAILABLE"]);
    assert.equal(res.body.message, "Sorry, you cannot book this doctor. Please contact support service.");
  });

  await t.step("a patient from another state needs a reason (01 §5); with one, it is kept", async () => {
    const texan = await createPatient(ctx, undefined, { state: "TX" });
    const refused = await book(ctx, texan, bookingBody(doctor.id, NINE_THIRTY));
    assert.deepEqual([refused.status, refused.body.details.reason], [400, "OUT_OF_STATE_REASON_REQUIRED"]);
    assert.equal(fieldError(refused, "outOfStateReason"), CONSULTATION_MESSAGES.outOfStateReasonRequired);
    assert.equal((await book(ctx, texan, bookingBody(doctor.id, NINE_THIRTY, { outOfStateReason: "   " }))).status, 400);
    const c = await booked(ctx, texan, doctor.id, NINE_THIRTY, { outOfStateReason: "Visiting family in Reno" });
    assert.equal(c.outOfStateReason, "Visiting family in Reno");
  });

  await t.step("a reason given by an in-state patient is not stored", async () => {
    const c = await booked(ctx, await createPatient(ctx), doctor.id, "2026-03-02T18:00:00.000Z", { outOfStateReason: "none" });
    assert.equal(c.outOfStateReason, null);
  });

  await t.step("a full panel (400) takes no new patients; its own patients still book", async () => {
    const full = await createBookableDoctor(ctx);
    const own = await createPatient(ctx, full);
    await ctx.sql`insert into users (role, email, first_name, last_name, doctor_id)
      select 'patient', 'panel' || g || '@example.test', 'P', 'Q', ${full.id} from generate_series(1, 399) g`;
    const outsider = await createPatient(ctx);
    const res = await book(ctx, outsider, bookingBody(full.id, NINE));
    assert.deepEqual([res.status, res.body.details.reason], [409, "PANEL_FULL"]);
    await booked(ctx, own, full.id, NINE);
  });

  await t.step("only patients book", async () => {
    const admin = await ctx.createUser("admin");
    for (const user of [doctor, admin, await ctx.createUser("vma", { doctor_id: doctor.id })]) {
      assert.equal((await ctx.call("POST", "/consultations", { token: user.token, body: bookingBody(doctor.id, NINE) })).status, 403);
    }
    assert.equal((await ctx.call("POST", "/consultations", { body: bookingBody(doctor.id, NINE) })).status, 401);
  });
});

apiTest("booking: intake form answers against the doctor's settings", async (t, ctx) => {
  ctx.clock.set(MONDAY_MORNING);
  const doctor = await createBookableDoctor(ctx);
  const settings = await ctx.call("POST", `/intakeForms/settings/doctor/${doctor.id}`, {
    token: doctor.token,
    body: {
      vitalsEnabled: true, vitalsRequired: true,
      fields: [{ question: "Symptoms?", inputType: "textarea", required: true }, { question: "Days unwell?", inputType: "number" }],
    },
  });
  const [symptoms, days] = settings.body.result.fields.map((f: { id: string }) => f.id);
  const patient = await createPatient(ctx, doctor);

  await t.step("missing answers: 'This field is required!' and the vitals rule, under intakeForm.", async () => {
    const res = await book(ctx, patient, bookingBody(doctor.id, NINE));
    assert.equal(res.status, 400);
    assert.deepEqual(res.body.details.fields, {
      [`intakeForm.answers.${symptoms}`]: INTAKE_MESSAGES.answerRequired,
      "intakeForm.vitals": INTAKE_MESSAGES.vitalsRequired,
    });
  });

  await t.step("wrong types, unknown fields, bad vitals", async () => {
    const res = await book(ctx, patient, bookingBody(doctor.id, NINE, {
      intakeForm: { answers: { [symptoms]: "cough", [days]: "three", [crypto.randomUUID()]: "x" }, vitals: { pulse: 70 } },
    }));
    assert.equal(res.status, 400);
    assert.equal(fieldError(res, `intakeForm.answers.${days}`), "Answer with a number");
    assert.equal(Object.keys(res.body.details.fields).length, 2);
    const vitals = await book(ctx, patient, bookingBody(doctor.id, NINE, { intakeForm: { vitals: { weight: -3, bloodPressure: "high" } } }));
    assert.equal(fieldError(vitals, "intakeForm.vitals.weight"), "Weight must be greater than 0");
    assert.equal(fieldError(vitals, "intakeForm.vitals.bloodPressure"), "Write blood pressure like 120/80");
  });

  await t.step("good answers are stored with the questions as asked", async () => {
    const c = await booked(ctx, patient, doctor.id, NINE, {
      intakeForm: { healthChanges: "Lost weight", answers: { [symptoms]: "Dry cough", [days]: 4 }, vitals: { weight: 160, bloodPressure: "120/80" } },
    });
    const form = await ctx.call("GET", `/consultations/intakeForm/${c.id}`, { token: doctor.token });
    assert.equal(form.status, 200);
    assert.deepEqual(form.body.result, {
      consultationId: c.id, doctorId: doctor.id, patientId: patient.id, editable: true,
      healthChanges: "Lost weight", illnessHistory: null, vitals: { weight: 160, bloodPressure: "120/80" },
      answers: [
        { fieldId: symptoms, question: "Symptoms?", inputType: "textarea", required: true, answer: "Dry cough" },
        { fieldId: days, question: "Days unwell?", inputType: "number", required: false, answer: 4 },
      ],
    });
  });
});

apiTest("one slot, one booking: concurrent bookings of one slot, exactly one wins", async (t, ctx) => {
  ctx.clock.set(MONDAY_MORNING);
  const doctor = await createBookableDoctor(ctx);
  const patients = await Promise.all(Array.from({ length: 24 }, () => createPatient(ctx, doctor)));

  await t.step("24 simultaneous HTTP requests through a real server: one 201, 23 × 409 SLOT_TAKEN", async () => {
    const server = createServer(getRequestListener(ctx.app.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const answers = await Promise.all(patients.map(async (p) => {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/consultations`, {
          method: "POST",
          headers: { authorization: `Bearer ${p.token}`, "content-type": "application/json" },
          body: JSON.stringify(bookingBody(doctor.id, NINE)),
        });
        return { status: res.status, body: await res.json() };
      }));
      assert.deepEqual(answers.map((a) => a.status).sort(), [201, ...Array(23).fill(409)]);
      assert.ok(answers.filter((a) => a.status === 409).every((a) => a.body.details.reason === "SLOT_TAKEN"));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const rows = await ctx.sql`select count(*)::int as n from consultations where doctor_id = ${doctor.id} and start_at = ${NINE}`;
    assert.equal(rows[0].n, 1);
  });

  await t.step("the database itself refuses: 20 raw inserts over two separate connections, one commits", async () => {
    if (!ctx.databaseUrl) {
      console.error("note: PGlite has one connection; the unique index is checked in the database contract test instead");
      return;
    }
    const connections = [postgres(ctx.databaseUrl, { max: 1, onnotice: () => {} }), postgres(ctx.databaseUrl, { max: 1, onnotice: () => {} })];
    try {
      const startAt = new Date("2026-03-02T18:30:00Z");
      const results = await Promise.allSettled(patients.slice(0, 20).map((p, i) =>
        connections[i % 2].begin(async (tx) => {
          await tx`insert into consultations (id, doctor_id, patient_id, type, status, start_at, end_at, reason, seq)
            values (${crypto.randomUUID()}, ${doctor.id}, ${p.id}, 'video', 'requested', ${startAt},
                    ${new Date(startAt.getTime() + 1_800_000)}, 'raw', nextval('sync_seq'))`;
        })
      ));
      assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      assert.ok(refused.every((r) => r.reason.code === "23505" && r.reason.constraint_name === "consultations_one_per_slot"));
    } finally {
      await Promise.all(connections.map((c) => c.end()));
    }
  });

  await t.step("a declined or canceled consultation frees its slot", async () => {
    const [winner] = await ctx.sql<{ id: string }[]>`select id from consultations where doctor_id = ${doctor.id} and start_at = ${NINE}`;
    const decline = await ctx.call("PUT", `/consultations/decline/${winner.id}`, { token: doctor.token, body: { reason: "Away" } });
    assert.equal(decline.status, 200);
    await booked(ctx, patients[0], doctor.id, NINE);
  });
}, LONG_TOKENS);
