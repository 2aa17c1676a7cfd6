/** Wall time ↔ instant across the US daylight-saving switches of 2026 (8 March, 1 November). */
import assert from "node:assert/strict";
import {
  addDays, daysBetween, isTimeZone, offsetMinutesAt, parseDate, parseTime, startOfZonedDay, weekdayOf, zonedInstant,
  zonedParts,
} from "./zoned-time.ts";

const LA = "America/Los_Angeles";
const NY = "America/New_York";
const at = (date: string, time: string, tz: string) => zonedInstant(date, parseTime(time)!, tz).toISOString();

Deno.test("zoned time: ordinary days", async (t) => {
  await t.step("winter and summer offsets", () => {
    assert.equal(at("2026-01-15", "09:00", LA), "2026-01-15T17:00:00.000Z");
    assert.equal(at("2026-07-15", "09:00", LA), "2026-07-15T16:00:00.000Z");
    assert.equal(at("2026-01-15", "09:00", NY), "2026-01-15T14:00:00.000Z");
    assert.equal(at("2026-07-15", "09:00", "UTC"), "2026-07-15T09:00:00.000Z");
    assert.equal(at("2026-07-15", "09:00", "Asia/Kolkata"), "2026-07-15T03:30:00.000Z");
    assert.equal(offsetMinutesAt(new Date("2026-07-15T16:00:00Z"), LA), -420);
  });
  await t.step("24:00 is the next midnight", () => {
    assert.equal(at("2026-01-15", "24:00", LA), at("2026-01-16", "00:00", LA));
  });
  await t.step("instant → wall date, time and weekday", () => {
    assert.deepEqual(zonedParts(new Date("2026-03-10T06:30:00Z"), LA), { date: "2026-03-09", time: "23:30", minutes: 1410, weekday: "monday" });
    assert.deepEqual(zonedParts(new Date("2026-03-10T06:30:00Z"), "UTC").date, "2026-03-10");
  });
  await t.step("dates and times", () => {
    assert.equal(addDays("2026-02-28", 1), "2026-03-01");
    assert.equal(addDays("2028-02-28", 1), "2028-02-29");
    assert.equal(addDays("2026-01-01", -1), "2025-12-31");
    assert.equal(daysBetween("2026-03-01", "2026-04-01"), 31);
    assert.equal(weekdayOf("2026-03-08"), "sunday");
    assert.equal(weekdayOf("2026-11-02"), "monday");
    assert.equal(parseDate("2026-02-30"), null);
    assert.equal(parseTime("24:30"), null);
    assert.equal(parseTime("9:00"), null);
    assert.equal(parseTime("23:59"), 1439);
    assert.ok(isTimeZone(LA));
    assert.ok(!isTimeZone("Mars/Olympus_Mons"));
  });
});

Deno.test("zoned time: spring forward, 8 March 2026 (02:00 → 03:00)", async (t) => {
  await t.step("before and after the gap", () => {
    assert.equal(at("2026-03-08", "01:30", LA), "2026-03-08T09:30:00.000Z"); // PST
    assert.equal(at("2026-03-08", "03:00", LA), "2026-03-08T10:00:00.000Z"); // PDT
    assert.equal(at("2026-03-08", "01:30", NY), "2026-03-08T06:30:00.000Z"); // EST
    assert.equal(at("2026-03-08", "03:00", NY), "2026-03-08T07:00:00.000Z"); // EDT
  });
  await t.step("a wall time inside the gap moves forward by the gap", () => {
    assert.equal(at("2026-03-08", "02:00", LA), "2026-03-08T10:00:00.000Z"); // = 03:00 PDT
    assert.equal(at("2026-03-08", "02:30", LA), "2026-03-08T10:30:00.000Z"); // = 03:30 PDT
    assert.equal(zonedParts(new Date(at("2026-03-08", "02:30", NY)), NY).time, "03:30");
  });
  await t.step("the day is 23 hours long; 09:00 keeps its wall time on both sides", () => {
    const length = startOfZonedDay("2026-03-09", LA).getTime() - startOfZonedDay("2026-03-08", LA).getTime();
    assert.equal(length, 23 * 3_600_000);
    assert.equal(at("2026-03-06", "09:00", LA), "2026-03-06T17:00:00.000Z");
    assert.equal(at("2026-03-09", "09:00", LA), "2026-03-09T16:00:00.000Z");
  });
});

Deno.test("zoned time: fall back, 1 November 2026 (02:00 → 01:00)", async (t) => {
  await t.step("a repeated wall time means its first occurrence (daylight time)", () => {
    assert.equal(at("2026-11-01", "01:30", LA), "2026-11-01T08:30:00.000Z"); // PDT
    assert.equal(at("2026-11-01", "01:30", NY), "2026-11-01T05:30:00.000Z"); // EDT
  });
  await t.step("both occurrences read back as the same wall time", () => {
    assert.equal(zonedParts(new Date("2026-11-01T08:30:00Z"), LA).time, "01:30");
    assert.equal(zonedParts(new Date("2026-11-01T09:30:00Z"), LA).time, "01:30");
  });
  await t.step("the day is 25 hours long; 09:00 keeps its wall time on both sides", () => {
    const length = startOfZonedDay("2026-11-02", LA).getTime() - startOfZonedDay("2026-11-01", LA).getTime();
    assert.equal(length, 25 * 3_600_000);
    assert.equal(at("2026-10-30", "09:00", LA), "2026-10-30T16:00:00.000Z");
    assert.equal(at("2026-11-02", "09:00", LA), "2026-11-02T17:00:00.000Z");
    assert.equal(at("2026-11-01", "02:00", LA), "2026-11-01T10:00:00.000Z"); // PST, after the repeat
  });
});
