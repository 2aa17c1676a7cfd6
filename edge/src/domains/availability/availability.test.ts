/** Availability through the API: who edits it, validation, and free slots across daylight-saving changes. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import {
  accepted, booked, createBookableDoctor, createPatient, fieldError, LONG_TOKENS, MONDAY_MORNING, NINE_TO_FIVE,
} from "../../test/consultation-fixtures.ts";

const slotsOf = async (ctx: any, doctorId: string, from: string, to: string, extra = "") => {
  const res = await ctx.call("GET", `/availability/slots?doctorId=${doctorId}&from=${from}&to=${to}${extra}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.result;
};
const starts = (result: { list: { startAt: string }[] }) => result.list.map((s) => s.startAt);

apiTest("availability: GET and PUT", async (t, ctx) => {
  ctx.clock.set(MONDAY_MORNING);
  const doctor = await ctx.createUser("doctor", { timezone: "America/Chicago" });
  const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
  const other = await ctx.createUser("doctor");
  const patient = await ctx.createUser("patient");
  const admin = await ctx.createUser("admin");
  const body = { timezone: "America/Los_Angeles", slotMinutes: 30, weekly: NINE_TO_FIVE };

  await t.step("never saved: the doctor's timezone, closed every day, 30-minute slots", async () => {
    const res = await ctx.call("GET", "/availability", { token: doctor.token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.result, {
      doctorId: doctor.id, timezone: "America/Chicago", slotMinutes: 30, overrides: [], updatedAt: null,
      weekly: { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] },
    });
  });

  await t.step("the doctor saves it: sorted hours, overrides by date, and the profile's timezone follows", async () => {
    const res = await ctx.call("PUT", "/availability", {
      token: doctor.token,
      body: {
        ...body,
        weekly: { ...NINE_TO_FIVE, saturday: [{ start: "13:00", end: "15:00" }, { start: "09:00", end: "12:00" }] },
        overrides: [{ date: "2026-12-25", intervals: [] }, { date: "2026-12-24", intervals: [{ start: "09:00", end: "12:00" }] }],
      },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.result.weekly.saturday, [{ start: "09:00", end: "12:00" }, { start: "13:00", end: "15:00" }]);
    assert.deepEqual(res.body.result.overrides.map((o: { date: string }) => o.date), ["2026-12-24", "2026-12-25"]);
    assert.equal(res.body.result.timezone, "America/Los_Angeles");
    const [row] = await ctx.sql`select timezone from users where id = ${doctor.id}`;
    assert.equal(row.timezone, "America/Los_Angeles");
  });

  await t.step("bad input names each field and saves nothing", async () => {
    const res = await ctx.call("PUT", "/availability", {
      token: doctor.token,
      body: {
        timezone: "Mars/Base", slotMinutes: 7,
        weekly: { monday: [{ start: "17:00", end: "09:00" }], tuesday: [{ start: "9am", end: "10:00" }], funday: [] },
        overrides: [{ date: "2026-13-01", intervals: [] }],
      },
    });
    assert.equal(res.status, 400);
    assert.deepEqual(Object.keys(res.body.details.fields).sort(), [
      "overrides.0.date", "slotMinutes", "timezone", "weekly.funday", "weekly.monday.0.end", "weekly.tuesday.0.start",
    ]);
    const overlap = await ctx.call("PUT", "/availability", {
      token: doctor.token,
      body: { ...body, weekly: { monday: [{ start: "09:00", end: "12:00" }, { start: "11:00", end: "13:00" }] } },
    });
    assert.equal(fieldError(overlap, "weekly.monday.1.start"), "These hours overlap other hours of the day");
    const twice = await ctx.call("PUT", "/availability", {
      token: doctor.token,
      body: { ...body, overrides: [{ date: "2026-12-24", intervals: [] }, { date: "2026-12-24", intervals: [] }] },
    });
    assert.equal(fieldError(twice, "overrides.1.date"), "This date is listed twice");
    const saved = await ctx.call("GET", "/availability", { token: doctor.token });
    assert.equal(saved.body.result.overrides.length, 2);
  });

  await t.step("the doctor's VMA and admins edit it; other doctors, patients and other VMAs do not", async () => {
    assert.equal((await ctx.call("PUT", "/availability", { token: vma.token, body })).status, 200);
    assert.equal((await ctx.call("PUT", "/availability", { token: admin.token, body: { ...body, doctorId: doctor.id } })).status, 200);
    assert.equal((await ctx.call("PUT", "/availability", { token: admin.token, body })).status, 400, "admins name the doctor");
    assert.equal((await ctx.call("PUT", "/availability", { token: other.token, body: { ...body, doctorId: doctor.id } })).status, 404);
    const otherVma = await ctx.createUser("vma", { doctor_id: other.id });
    assert.equal((await ctx.call("PUT", "/availability", { token: otherVma.token, body: { ...body, doctorId: doctor.id } })).status, 404);
    assert.equal((await ctx.call("PUT", "/availability", { token: patient.token, body })).status, 403);
    assert.equal((await ctx.call("PUT", "/availability", { body })).status, 401);
  });

  await t.step("anyone signed in reads a listed doctor's hours; an unlisted doctor's are hidden", async () => {
    assert.equal((await ctx.call("GET", `/availability?doctorId=${doctor.id}`, { token: patient.token })).status, 200);
    const unapproved = await ctx.createUser("doctor", { application_status: "initial" });
    assert.equal((await ctx.call("GET", `/availability?doctorId=${unapproved.id}`, { token: patient.token })).status, 404);
    assert.equal((await ctx.call("GET", "/availability", { token: unapproved.token })).status, 200, "their own");
    assert.equal((await ctx.call("GET", "/availability", { token: patient.token })).status, 400, "a patient names the doctor");
    assert.equal((await ctx.call("GET", `/availability?doctorId=${patient.id}`, { token: admin.token })).status, 404);
  });
});

apiTest("availability: free slots", async (t, ctx) => {
  ctx.clock.set(MONDAY_MORNING);
  const doctor = await createBookableDoctor(ctx, {}, { overrides: [{ date: "2026-03-04", intervals: [] }] });
  const patient = await createPatient(ctx, doctor);

  await t.step("Monday 09:00–17:00 in Los Angeles: 16 slots; Wednesday is closed by an override", async () => {
    const monday = await slotsOf(ctx, doctor.id, "2026-03-02T08:00:00Z", "2026-03-03T08:00:00Z");
    assert.equal(monday.totalCount, 16);
    assert.deepEqual(monday.list[0], { startAt: "2026-03-02T17:00:00.000Z", endAt: "2026-03-02T17:30:00.000Z" });
    const wednesday = await slotsOf(ctx, doctor.id, "2026-03-04T08:00:00Z", "2026-03-05T08:00:00Z");
    assert.equal(wednesday.totalCount, 0);
  });

  await t.step("booked slots and the past are not offered; declined ones are offered again", async () => {
    await accepted(ctx, patient, doctor, "2026-03-02T17:00:00.000Z");
    const requested = await booked(ctx, patient, doctor.id, "2026-03-02T18:00:00.000Z");
    ctx.clock.set(new Date("2026-03-02T19:10:00Z"));
    const free = starts(await slotsOf(ctx, doctor.id, "2026-03-02T08:00:00Z", "2026-03-03T08:00:00Z"));
    assert.equal(free[0], "2026-03-02T19:30:00.000Z");
    await ctx.call("PUT", `/consultations/decline/${requested.id}`, { token: doctor.token, body: { reason: "x" } });
    ctx.clock.set(MONDAY_MORNING);
    const again = starts(await slotsOf(ctx, doctor.id, "2026-03-02T08:00:00Z", "2026-03-03T08:00:00Z"));
    assert.ok(again.includes("2026-03-02T18:00:00.000Z"));
    assert.ok(!again.includes("2026-03-02T17:00:00.000Z"));
  });

  await t.step("paging: offset and limit in the list envelope", async () => {
    const page = await slotsOf(ctx, doctor.id, "2026-03-02T08:00:00Z", "2026-03-03T08:00:00Z", "&offset=2&limit=3");
    assert.deepEqual([page.offset, page.limit, page.totalCount, page.list.length], [2, 3, 15, 3]);
  });

  await t.step("the week of the March DST change: 09:00 is 17:00Z on Friday and 16:00Z on Monday", async () => {
    const week = starts(await slotsOf(ctx, doctor.id, "2026-03-06T08:00:00Z", "2026-03-10T07:00:00Z"));
    assert.equal(week.length, 32);
    assert.deepEqual([week[0], week[15], week[16], week[31]], [
      "2026-03-06T17:00:00.000Z", "2026-03-07T00:30:00.000Z", "2026-03-09T16:00:00.000Z", "2026-03-09T23:30:00.000Z",
    ]);
    // And a patient books Monday 9 March 09:00 PDT at 16:00Z, which is not a slot the week before.
    await booked(ctx, patient, doctor.id, "2026-03-09T16:00:00.000Z");
    const wrong = await ctx.call("POST", "/consultations", {
      token: patient.token, body: { doctorId: doctor.id, startAt: "2026-03-06T16:00:00.000Z", type: "chat", reason: "x" },
    });
    assert.deepEqual([wrong.status, wrong.body.details.reason], [400, "OUTSIDE_AVAILABILITY"]);
  });

  await t.step("the November change for a doctor in New York: 09:00 is 14:00Z after 1 November", async () => {
    ctx.clock.set(new Date("2026-10-26T12:00:00Z"));
    const ny = await createBookableDoctor(ctx, {}, { timezone: "America/New_York" });
    const days = starts(await slotsOf(ctx, ny.id, "2026-10-30T04:00:00Z", "2026-11-03T05:00:00Z"));
    assert.deepEqual([days[0], days[16]], ["2026-10-30T13:00:00.000Z", "2026-11-02T14:00:00.000Z"]);
    ctx.clock.set(MONDAY_MORNING);
  });

  await t.step("bad queries: missing doctor, reversed or too long range, not ISO", async () => {
    for (const q of [
      `from=2026-03-02T00:00:00Z&to=2026-03-03T00:00:00Z`,
      `doctorId=${doctor.id}&from=2026-03-03T00:00:00Z&to=2026-03-02T00:00:00Z`,
      `doctorId=${doctor.id}&from=2026-03-01T00:00:00Z&to=2026-04-15T00:00:00Z`,
      `doctorId=${doctor.id}&from=monday&to=2026-03-03T00:00:00Z`,
    ]) {
      assert.equal((await ctx.call("GET", `/availability/slots?${q}`)).status, 400, q);
    }
  });

  await t.step("unlisted doctors are not found; one without an active payout account offers no slots", async () => {
    const unapproved = await createBookableDoctor(ctx, { application_status: "initial" });
    const res = await ctx.call("GET", `/availability/slots?doctorId=${unapproved.id}&from=2026-03-02T08:00:00Z&to=2026-03-03T08:00:00Z`);
    assert.equal(res.status, 404);
    const inactive = await createBookableDoctor(ctx, { is_active_stripe_account: false });
    assert.equal((await slotsOf(ctx, inactive.id, "2026-03-02T08:00:00Z", "2026-03-03T08:00:00Z")).totalCount, 0);
  });

  await t.step("slots stop at the booking horizon (90 days)", async () => {
    const far = await slotsOf(ctx, doctor.id, "2026-05-29T07:00:00Z", "2026-06-05T07:00:00Z");
    assert.ok(far.list.every((s: { startAt: string }) => s.startAt <= "2026-05-31T16:00:00.000Z"));
  });
}, LONG_TOKENS);
