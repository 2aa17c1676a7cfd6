/** `GET /calendar`: month, week, three days and statistic, in a timezone, as each role may see it. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { accepted, booked, createBookableDoctor, createPatient, LONG_TOKENS, MONDAY_MORNING } from "../../test/consultation-fixtures.ts";

apiTest("calendar", async (t, ctx) => {
  ctx.clock.set(MONDAY_MORNING);
  const doctor = await createBookableDoctor(ctx);
  const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
  const patient = await createPatient(ctx, doctor);
  const other = await createPatient(ctx, doctor);
  const secondDoctor = await createBookableDoctor(ctx);
  const admin = await ctx.createUser("admin");

  const monday = await accepted(ctx, patient, doctor, "2026-03-02T17:00:00.000Z");
  const mondayEvening = await booked(ctx, other, doctor.id, "2026-03-03T00:30:00.000Z"); // 16:30 Monday in Los Angeles
  const friday = await booked(ctx, patient, doctor.id, "2026-03-06T17:00:00.000Z");
  await ctx.call("POST", `/consultations/${friday.id}`, { token: patient.token, body: { reason: "Better" } });
  const withSecond = await booked(ctx, patient, secondDoctor.id, "2026-03-04T17:00:00.000Z");
  const nextMonth = await booked(ctx, patient, doctor.id, "2026-04-01T16:00:00.000Z");
  const get = (token: string, query: string) => ctx.call("GET", `/calendar?${query}`, { token });
  const idsOf = (day: { consultations: { id: string }[] }) => day.consultations.map((c) => c.id);

  await t.step("week (Monday to Sunday) in the doctor's timezone: days, items, counts, free slots", async () => {
    const res = await get(doctor.token, "type=week");
    assert.equal(res.status, 200);
    const week = res.body.result;
    assert.deepEqual([week.type, week.timezone, week.doctorId, week.days.length], ["week", "America/Los_Angeles", doctor.id, 7]);
    assert.deepEqual(week.days.map((d: { date: string }) => d.date), [
      "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08",
    ]);
    // 16:30 in Los Angeles is Tuesday in UTC but Monday in the doctor's calendar.
    assert.deepEqual(idsOf(week.days[0]), [monday.id, mondayEvening.id]);
    assert.deepEqual(week.days[0].counts, { requested: 1, accepted: 1, declined: 0, canceled: 0, finished: 0, total: 2 });
    assert.deepEqual(idsOf(week.days[4]), [friday.id]);
    assert.equal(week.days[4].consultations[0].status, "canceled");
    assert.deepEqual([week.days[0].freeSlots, week.days[4].freeSlots, week.days[5].freeSlots], [14, 16, 0]);
    assert.equal(week.counts.total, 3);
    const item = week.days[0].consultations[0];
    assert.deepEqual(Object.keys(item).sort(), ["doctorId", "doctorName", "endAt", "id", "patientId", "patientName", "startAt", "status", "type"]);
    // The week of DST: Sunday 8 March is 23 hours long.
    const sunday = week.days[6];
    assert.equal(new Date(sunday.to).getTime() - new Date(sunday.from).getTime(), 23 * 3_600_000);
  });

  await t.step("another timezone moves the day boundaries", async () => {
    const utc = (await get(doctor.token, "type=week&timezone=UTC")).body.result;
    assert.deepEqual(idsOf(utc.days[0]), [monday.id]);
    assert.deepEqual(idsOf(utc.days[1]), [mondayEvening.id]);
  });

  await t.step("month and three days around a timestamp (milliseconds or ISO)", async () => {
    const month = (await get(vma.token, `type=month&timestamp=${Date.parse("2026-03-15T12:00:00Z")}`)).body.result;
    assert.deepEqual([month.days.length, month.days[0].date, month.days[30].date, month.counts.total], [31, "2026-03-01", "2026-03-31", 3]);
    const april = (await get(vma.token, "type=month&timestamp=2026-04-10T00:00:00Z")).body.result;
    assert.deepEqual([april.days.length, april.counts.total], [30, 1]);
    assert.deepEqual(idsOf(april.days[0]), [nextMonth.id]);
    const three = (await get(doctor.token, "type=three-days")).body.result;
    assert.deepEqual(three.days.map((d: { date: string }) => d.date), ["2026-03-02", "2026-03-03", "2026-03-04"]);
  });

  await t.step("statistic: counts per status for the month, upcoming, free slots", async () => {
    const stat = (await get(admin.token, `type=statistic&doctorId=${doctor.id}`)).body.result;
    assert.deepEqual(stat.counts, { requested: 1, accepted: 1, declined: 0, canceled: 1, finished: 0, total: 3 });
    assert.equal(stat.upcoming, 1);
    assert.equal(typeof stat.freeSlots, "number");
    assert.equal("days" in stat, false);
  });

  await t.step("a patient sees only their own consultations with the doctor, or all their own with withOwn", async () => {
    const withDoctor = (await get(patient.token, `type=week&doctorId=${doctor.id}`)).body.result;
    assert.deepEqual(withDoctor.days.flatMap(idsOf), [monday.id, friday.id]);
    assert.equal(withDoctor.days[0].freeSlots, 14);
    const own = (await get(patient.token, `type=week&doctorId=${doctor.id}&withOwn=true`)).body.result;
    assert.deepEqual(own.days.flatMap(idsOf), [monday.id, withSecond.id, friday.id]);
    const mine = (await get(patient.token, "type=week")).body.result;
    assert.deepEqual([mine.doctorId, mine.timezone, mine.days.flatMap(idsOf).length], [null, "UTC", 3]);
    assert.equal(mine.days[0].freeSlots, null);
  });

  await t.step("bad queries", async () => {
    for (const q of ["type=year", "timestamp=yesterday", "timezone=Nowhere/City", "withOwn=maybe", "doctorId=1"]) {
      assert.equal((await get(doctor.token, q)).status, 400, q);
    }
    const unapproved = await ctx.createUser("doctor", { application_status: "initial" });
    assert.equal((await get(patient.token, `doctorId=${unapproved.id}`)).status, 404);
  });
}, LONG_TOKENS);
