/** A consultation's life: accept, decline, reschedule, cancel, the list tabs, nearest, access states, intake form, sync. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import {
  accepted, booked, createBookableDoctor, createPatient, LONG_TOKENS, MONDAY_MORNING,
} from "../../test/consultation-fixtures.ts";
import { pullAll } from "../../test/sync-fixtures.ts";
import { CONSULTATION_MESSAGES } from "../../../../sync/schemas/consultation.ts";

const MON = (time: string) => new Date(`2026-03-02T${time}:00.000Z`).toISOString();
const TUE = (time: string) => new Date(`2026-03-03T${time}:00.000Z`).toISOString();
const ids = (res: { body: any }) => res.body.result.list.map((c: { id: string }) => c.id);

apiTest("consultation states: accept, decline, reschedule, cancel", async (t, ctx) => {
  ctx.clock.set(MONDAY_MORNING);
  const doctor = await createBookableDoctor(ctx);
  const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
  const patient = await createPatient(ctx, doctor);
  const admin = await ctx.createUser("admin");
  const put = (path: string, token: string, body?: unknown) => ctx.call("PUT", path, { token, body });
  const cancel = (id: string, token: string, body: unknown) => ctx.call("POST", `/consultations/${id}`, { token, body });

  await t.step("the doctor accepts a request; accepting again is 409 INVALID_STATE", async () => {
    const c = await booked(ctx, patient, doctor.id, MON("17:00"));
    const res = await put(`/consultations/accept/${c.id}`, doctor.token);
    assert.deepEqual([res.status, res.body.result.status], [200, "accepted"]);
    const again = await put(`/consultations/accept/${c.id}`, doctor.token);
    assert.deepEqual([again.status, again.body.details.reason], [409, "INVALID_STATE"]);
  });

  await t.step("the VMA accepts for the doctor; the patient and admins may not (403)", async () => {
    const c = await booked(ctx, patient, doctor.id, MON("17:30"));
    assert.equal((await put(`/consultations/accept/${c.id}`, patient.token)).status, 403);
    assert.equal((await put(`/consultations/accept/${c.id}`, admin.token)).status, 403);
    const res = await put(`/consultations/accept/${c.id}`, vma.token);
    assert.deepEqual([res.status, res.body.result.status], [200, "accepted"]);
  });

  await t.step("decline needs a reason; then declined with it, and cannot be accepted", async () => {
    const c = await booked(ctx, patient, doctor.id, MON("18:00"));
    for (const body of [undefined, {}, { reason: "   " }, { reason: 5 }]) {
      const res = await put(`/consultations/decline/${c.id}`, doctor.token, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      if (body && typeof (body as any).reason === "string") {
        assert.equal(res.body.details.fields.reason, CONSULTATION_MESSAGES.declineReasonRequired);
      }
    }
    const res = await put(`/consultations/decline/${c.id}`, doctor.token, { reason: "Not my field" });
    assert.deepEqual([res.status, res.body.result.status, res.body.result.declineReason], [200, "declined", "Not my field"]);
    assert.equal(res.body.result.access.state, "canceled");
    assert.equal((await put(`/consultations/accept/${c.id}`, doctor.token)).status, 409);
    assert.equal((await put(`/consultations/decline/${c.id}`, doctor.token, { reason: "x" })).status, 409);
  });

  await t.step("an accepted consultation cannot be declined (cancel it instead)", async () => {
    const c = await accepted(ctx, patient, doctor, MON("18:30"));
    const res = await put(`/consultations/decline/${c.id}`, doctor.token, { reason: "x" });
    assert.deepEqual([res.status, res.body.details.reason], [409, "INVALID_STATE"]);
  });

  await t.step("reschedule moves to a free slot and sets accepted; bad, taken or past times are refused", async () => {
    const c = await booked(ctx, patient, doctor.id, MON("19:00"));
    const bad = await put(`/consultations/reschedule/${c.id}?startAt=soon`, doctor.token);
    assert.deepEqual([bad.status, Object.keys(bad.body.details.fields)], [400, ["startAt"]]);
    assert.equal((await put(`/consultations/reschedule/${c.id}`, doctor.token)).status, 400);
    const taken = await put(`/consultations/reschedule/${c.id}?startAt=${MON("17:00")}`, doctor.token);
    assert.deepEqual([taken.status, taken.body.details.reason], [409, "SLOT_TAKEN"]);
    const past = await put(`/consultations/reschedule/${c.id}?startAt=${MON("15:00")}`, doctor.token);
    assert.deepEqual([past.status, past.body.details.reason], [400, "IN_PAST"]);
    const offGrid = await put(`/consultations/reschedule/${c.id}?startAt=${TUE("17:05")}`, doctor.token);
    assert.deepEqual([offGrid.status, offGrid.body.details.reason], [400, "OUTSIDE_AVAILABILITY"]);
    assert.equal((await put(`/consultations/reschedule/${c.id}?startAt=${TUE("17:00")}`, patient.token)).status, 403);
    const res = await put(`/consultations/reschedule/${c.id}?startAt=${encodeURIComponent("2026-03-03T09:00:00-08:00")}`, doctor.token);
    assert.equal(res.status, 200);
    assert.deepEqual([res.body.result.status, res.body.result.startAt, res.body.result.endAt], ["accepted", TUE("17:00"), TUE("17:30")]);
    // The old slot is free again; moving to its own current slot is allowed.
    await booked(ctx, await createPatient(ctx, doctor), doctor.id, MON("19:00"));
    assert.equal((await put(`/consultations/reschedule/${c.id}?startAt=${TUE("17:00")}`, vma.token)).status, 200);
  });

  await t.step("cancel: either party, the VMA or an admin, with a reason; then nothing more", async () => {
    for (const who of [patient, doctor, vma, admin]) {
      const c = await accepted(ctx, patient, doctor, TUE(who === patient ? "18:00" : who === doctor ? "18:30" : who === vma ? "19:00" : "19:30"));
      assert.equal((await cancel(c.id, who.token, {})).status, 400);
      const res = await cancel(c.id, who.token, { reason: "Feeling better" });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(
        [res.body.result.status, res.body.result.cancelReason, res.body.result.canceledBy],
        ["canceled", "Feeling better", who.id],
      );
      assert.equal((await cancel(c.id, who.token, { reason: "again" })).status, 409);
      assert.equal((await put(`/consultations/reschedule/${c.id}?startAt=${TUE("21:00")}`, doctor.token)).status, 409);
    }
  });

  await t.step("a request can be withdrawn (canceled) by the patient", async () => {
    const c = await booked(ctx, patient, doctor.id, TUE("20:00"));
    const res = await cancel(c.id, patient.token, { reason: "Booked by mistake" });
    assert.deepEqual([res.status, res.body.result.status], [200, "canceled"]);
  });

  await t.step("after its slot, a consultation can no longer be accepted or canceled", async () => {
    const request = await booked(ctx, patient, doctor.id, MON("23:00"));
    const upcoming = await accepted(ctx, patient, doctor, MON("23:30"));
    ctx.clock.set(new Date(TUE("00:00")));
    try {
      assert.deepEqual((await put(`/consultations/accept/${request.id}`, doctor.token)).body.details.reason, "CONSULTATION_ENDED");
      assert.deepEqual((await cancel(upcoming.id, patient.token, { reason: "late" })).body.details.reason, "CONSULTATION_ENDED");
      // A stale request may still be moved to a new time (it becomes accepted).
      const moved = await put(`/consultations/reschedule/${request.id}?startAt=${new Date("2026-03-04T17:00:00Z").toISOString()}`, doctor.token);
      assert.deepEqual([moved.status, moved.body.result.status], [200, "accepted"]);
    } finally {
      ctx.clock.set(MONDAY_MORNING);
    }
  });

  await t.step("ids that are not UUIDs: 400; unknown ones: 404", async () => {
    assert.equal((await put("/consultations/accept/xyz", doctor.token)).status, 400);
    assert.equal((await put(`/consultations/accept/${crypto.randomUUID()}`, doctor.token)).status, 404);
    assert.equal((await cancel(crypto.randomUUID(), patient.token, { reason: "x" })).status, 404);
  });
}, LONG_TOKENS);

apiTest("consultations: list tabs, filters, nearest, access states, intake form", async (t, ctx) => {
  ctx.clock.set(MONDAY_MORNING);
  const doctor = await createBookableDoctor(ctx);
  const patient = await createPatient(ctx, doctor);
  const other = await createPatient(ctx, doctor);
  const requested = await booked(ctx, patient, doctor.id, MON("18:00"));
  const upcoming = await accepted(ctx, patient, doctor, MON("17:00"));
  const later = await accepted(ctx, patient, doctor, TUE("17:00"));
  const declined = await booked(ctx, patient, doctor.id, MON("19:00"));
  await ctx.call("PUT", `/consultations/decline/${declined.id}`, { token: doctor.token, body: { reason: "Full" } });
  const othersOne = await booked(ctx, other, doctor.id, MON("20:00"));
  const list = (token: string, query = "") => ctx.call("GET", `/consultations${query}`, { token });

  await t.step("tabs: all (latest first), requests, upcoming (soonest first), past", async () => {
    assert.deepEqual(ids(await list(patient.token)), [later.id, declined.id, requested.id, upcoming.id]);
    assert.deepEqual(ids(await list(patient.token, "?tab=requests")), [requested.id]);
    assert.deepEqual(ids(await list(patient.token, "?tab=upcoming")), [upcoming.id, later.id]);
    assert.deepEqual(ids(await list(patient.token, "?tab=past")), [declined.id]);
    const envelope = (await list(patient.token, "?limit=2&offset=1")).body.result;
    assert.deepEqual([envelope.offset, envelope.limit, envelope.totalCount, envelope.list.length], [1, 2, 4, 2]);
  });

  await t.step("filters: status list, date in a timezone, doctorId, patientId", async () => {
    assert.deepEqual(ids(await list(doctor.token, "?status=requested,declined")).sort(), [requested.id, declined.id, othersOne.id].sort());
    assert.equal((await list(doctor.token, "?date=2026-03-03&timezone=America/Los_Angeles")).body.result.totalCount, 1);
    // 20:00Z on Monday is Monday in Los Angeles but the same instant is Monday in UTC too; 17:00Z Tuesday is Tuesday both ways.
    assert.equal((await list(doctor.token, "?date=2026-03-02")).body.result.totalCount, 4);
    assert.deepEqual(ids(await list(doctor.token, `?patientId=${other.id}`)), [othersOne.id]);
    assert.equal((await list(doctor.token, `?doctorId=${crypto.randomUUID()}`)).body.result.totalCount, 0);
    for (const bad of ["?tab=soon", "?status=lost", "?date=2026-02-30", "?timezone=Nowhere/City", "?limit=0", "?doctorId=x"]) {
      assert.equal((await list(doctor.token, bad)).status, 400, bad);
    }
  });

  await t.step("after its slot an accepted consultation is past, not upcoming", async () => {
    ctx.clock.set(new Date(MON("17:30")));
    try {
      assert.deepEqual(ids(await list(patient.token, "?tab=upcoming")), [later.id]);
      assert.ok(ids(await list(patient.token, "?tab=past")).includes(upcoming.id));
    } finally {
      ctx.clock.set(MONDAY_MORNING);
    }
  });

  await t.step("nearest: the caller's next consultation, and the doctor's first free slot", async () => {
    const mine = (await ctx.call("GET", "/consultations/nearest", { token: patient.token })).body.result;
    assert.deepEqual([mine.consultation.id, mine.freeSlot], [upcoming.id, null]);
    const withDoctor = (await ctx.call("GET", `/consultations/nearest?doctorId=${doctor.id}`, { token: other.token })).body.result;
    assert.equal(withDoctor.consultation.id, othersOne.id);
    assert.deepEqual(withDoctor.freeSlot, { startAt: MON("17:30"), endAt: MON("18:00") });
    const none = (await ctx.call("GET", "/consultations/nearest", { token: (await createPatient(ctx)).token })).body.result;
    assert.deepEqual(none, { consultation: null, freeSlot: null });
  });

  await t.step("access states over time for the parties; VMAs and admins see it without access", async () => {
    const access = async (token: string, id = upcoming.id) => (await ctx.call("GET", `/consultations/${id}/access`, { token })).body.result;
    assert.deepEqual(await access(patient.token), { state: "not_started", opensAt: MON("16:45"), closesAt: MON("17:30") });
    ctx.clock.set(new Date(MON("16:45")));
    assert.equal((await access(doctor.token)).state, "open");
    assert.equal((await access(patient.token, requested.id)).state, "not_started");
    const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
    assert.equal((await access(vma.token)).state, "no_access");
    assert.equal((await access((await ctx.createUser("admin")).token)).state, "no_access");
    ctx.clock.set(new Date(MON("17:30")));
    assert.equal((await access(patient.token)).state, "ended");
    assert.equal((await access(patient.token, declined.id)).state, "canceled");
    assert.deepEqual(await access(other.token), { state: "not_found", opensAt: null, closesAt: null });
    assert.deepEqual(await access(other.token, crypto.randomUUID()), { state: "not_found", opensAt: null, closesAt: null });
    await ctx.services.sync.write(["consultations"], (w) => w.update("consultations", later.id, { status: "finished" }, ["status"]));
    assert.equal((await access(patient.token, later.id)).state, "finished");
    ctx.clock.set(MONDAY_MORNING);
  });

  await t.step("GET /consultations/{id}: the same consultation with the caller's access", async () => {
    const res = await ctx.call("GET", `/consultations/${requested.id}`, { token: doctor.token });
    assert.deepEqual([res.status, res.body.result.id, res.body.result.patient.id], [200, requested.id, patient.id]);
    assert.equal((await ctx.call("GET", `/consultations/${requested.id}`, { token: other.token })).status, 404);
  });

  await t.step("intake form: the patient edits until the consultation ends; others may not", async () => {
    const path = `/consultations/intakeForm/${requested.id}`;
    const empty = (await ctx.call("GET", path, { token: patient.token })).body.result;
    assert.deepEqual([empty.editable, empty.answers, empty.vitals], [true, [], null]);
    const res = await ctx.call("PUT", path, { token: patient.token, body: { illnessHistory: "Asthma", vitals: { pulse: 72 } } });
    assert.deepEqual([res.status, res.body.result.illnessHistory, res.body.result.vitals], [200, "Asthma", { pulse: 72 }]);
    assert.equal((await ctx.call("PUT", path, { token: patient.token, body: { vitals: { pulse: 0 } } })).status, 400);
    assert.equal((await ctx.call("PUT", path, { token: patient.token, body: { mood: "fine" } })).status, 400);
    assert.equal((await ctx.call("PUT", path, { token: doctor.token, body: {} })).status, 403);
    assert.equal((await ctx.call("PUT", path, { token: other.token, body: {} })).status, 404);
    assert.equal((await ctx.call("PUT", `/consultations/intakeForm/${othersOne.id}`, { token: patient.token, body: {} })).status, 404);
    const closed = await ctx.call("PUT", `/consultations/intakeForm/${declined.id}`, { token: patient.token, body: {} });
    assert.deepEqual([closed.status, closed.body.details.reason], [409, "INTAKE_FORM_CLOSED"]);
  });

  await t.step("replicated read-only: the parties' devices hold the consultations with every change", async () => {
    const { docs } = await pullAll(ctx, patient.token, "consultations");
    const doc = docs.find((d) => d.id === declined.id);
    assert.deepEqual(
      [doc.status, doc.declineReason, doc.startAt, doc.doctorId, doc.patientName.length > 0],
      ["declined", "Full", MON("19:00"), doctor.id, true],
    );
    assert.equal(docs.some((d) => d.id === othersOne.id), false);
    const doctorDocs = (await pullAll(ctx, doctor.token, "consultations")).docs;
    assert.equal(doctorDocs.length, 5);
  });
}, LONG_TOKENS);
