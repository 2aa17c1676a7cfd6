/** Slots from weekly hours and overrides in the doctor's timezone, across the 2026 DST switches. */
import assert from "node:assert/strict";
import { availabilityInputSchema } from "../schemas/availability.ts";
import { type AvailabilityRules, freeSlots, hoursOn, slotAt, slotsBetween } from "./slots.ts";

const rules = (over: Record<string, unknown> = {}): AvailabilityRules =>
  availabilityInputSchema.parse({
    timezone: "America/Los_Angeles",
    slotMinutes: 30,
    weekly: Object.fromEntries(["monday", "tuesday", "wednesday", "thursday", "friday"].map((d) => [d, [{ start: "09:00", end: "17:00" }]])),
    ...over,
  });
const iso = (list: { startAt: Date }[]) => list.map((s) => s.startAt.toISOString());
const utc = (s: string) => new Date(s);

Deno.test("slots: weekly hours in the doctor's timezone", async (t) => {
  await t.step("a working day has 16 half-hour slots from 09:00 to 16:30 local", () => {
    const slots = slotsBetween(rules(), utc("2026-01-12T00:00:00Z"), utc("2026-01-13T12:00:00Z"));
    assert.equal(slots.length, 16);
    assert.equal(slots[0].startAt.toISOString(), "2026-01-12T17:00:00.000Z");
    assert.equal(slots.at(-1)!.endAt.toISOString(), "2026-01-13T01:00:00.000Z");
  });
  await t.step("weekends are closed", () => {
    // Saturday 00:00 to Monday 00:00 in Los Angeles (08:00Z in winter).
    assert.deepEqual(slotsBetween(rules(), utc("2026-01-17T08:00:00Z"), utc("2026-01-19T08:00:00Z")), []);
  });
  await t.step("a period shorter than a slot has none; a remainder is dropped", () => {
    const r = rules({ slotMinutes: 45, weekly: { monday: [{ start: "09:00", end: "10:00" }, { start: "11:00", end: "11:30" }] } });
    assert.deepEqual(iso(slotsBetween(r, utc("2026-01-12T00:00:00Z"), utc("2026-01-13T00:00:00Z"))), ["2026-01-12T17:00:00.000Z"]);
  });
  await t.step("overrides: a closed day and special hours replace the weekday's", () => {
    const r = rules({ overrides: [{ date: "2026-01-12", intervals: [] }, { date: "2026-01-17", intervals: [{ start: "10:00", end: "11:00" }] }] });
    assert.deepEqual(hoursOn(r, "2026-01-12"), []);
    assert.deepEqual(slotsBetween(r, utc("2026-01-12T00:00:00Z"), utc("2026-01-13T08:00:00Z")), []);
    assert.deepEqual(iso(slotsBetween(r, utc("2026-01-17T08:00:00Z"), utc("2026-01-18T08:00:00Z"))), [
      "2026-01-17T18:00:00.000Z",
      "2026-01-17T18:30:00.000Z",
    ]);
  });
  await t.step("a slot is found only at an exact slot start", () => {
    assert.deepEqual(slotAt(rules(), utc("2026-01-12T17:30:00Z"))?.endAt.toISOString(), "2026-01-12T18:00:00.000Z");
    assert.equal(slotAt(rules(), utc("2026-01-12T17:15:00Z")), null);
    assert.equal(slotAt(rules(), utc("2026-01-13T01:00:00Z")), null, "17:00 local is the end, not a slot");
    assert.equal(slotAt(rules(), utc("2026-01-17T17:00:00Z")), null, "Saturday");
  });
  await t.step("free slots skip the past and busy ranges (any overlap)", () => {
    const busy = [{ startAt: utc("2026-01-12T18:00:00Z"), endAt: utc("2026-01-12T19:00:00Z") }];
    // Monday in Los Angeles; now is 09:30 (that slot has begun), 10:00–11:00 is booked.
    const free = freeSlots(rules(), { from: utc("2026-01-12T08:00:00Z"), to: utc("2026-01-13T08:00:00Z"), now: utc("2026-01-12T17:30:00Z"), busy });
    assert.deepEqual(iso(free).slice(0, 2), ["2026-01-12T19:00:00.000Z", "2026-01-12T19:30:00.000Z"]);
    assert.equal(free.length, 16 - 2 - 2);
  });
});

Deno.test("slots: daylight-saving changes (America/Los_Angeles, 2026)", async (t) => {
  await t.step("09:00 local is 17:00Z before 8 March and 16:00Z after", () => {
    // Friday 6 March 00:00 PST to Tuesday 10 March 00:00 PDT.
    const slots = slotsBetween(rules(), utc("2026-03-06T08:00:00Z"), utc("2026-03-10T07:00:00Z"));
    assert.equal(slots.length, 32);
    assert.deepEqual([slots[0].startAt.toISOString(), slots[16].startAt.toISOString()], ["2026-03-06T17:00:00.000Z", "2026-03-09T16:00:00.000Z"]);
  });
  await t.step("09:00 local is 16:00Z before 1 November and 17:00Z after", () => {
    assert.equal(slotAt(rules(), utc("2026-10-30T16:00:00Z"))?.startAt.toISOString(), "2026-10-30T16:00:00.000Z");
    assert.equal(slotAt(rules(), utc("2026-11-02T16:00:00Z")), null);
    assert.equal(slotAt(rules(), utc("2026-11-02T17:00:00Z"))?.startAt.toISOString(), "2026-11-02T17:00:00.000Z");
  });
  await t.step("a night period over the spring gap has two real hours: four slots, none in the gap", () => {
    const r = rules({ weekly: { sunday: [{ start: "01:00", end: "04:00" }] } });
    const slots = slotsBetween(r, utc("2026-03-08T00:00:00Z"), utc("2026-03-09T00:00:00Z"));
    assert.deepEqual(iso(slots), ["2026-03-08T09:00:00.000Z", "2026-03-08T09:30:00.000Z", "2026-03-08T10:00:00.000Z", "2026-03-08T10:30:00.000Z"]);
    assert.ok(slots.every((s) => s.endAt.getTime() - s.startAt.getTime() === 30 * 60_000));
  });
  await t.step("a night period over the autumn repeat has three real hours: six slots", () => {
    const r = rules({ weekly: { sunday: [{ start: "01:00", end: "03:00" }] } });
    const slots = slotsBetween(r, utc("2026-11-01T00:00:00Z"), utc("2026-11-02T00:00:00Z"));
    assert.equal(slots.length, 6);
    assert.equal(slots[0].startAt.toISOString(), "2026-11-01T08:00:00.000Z"); // 01:00 PDT
    assert.equal(slots.at(-1)!.endAt.toISOString(), "2026-11-01T11:00:00.000Z"); // 03:00 PST
  });
  await t.step("a doctor in New York and one in Honolulu (no DST) across the March switch", () => {
    const ny = rules({ timezone: "America/New_York" });
    assert.equal(slotAt(ny, utc("2026-03-06T14:00:00Z"))?.startAt.toISOString(), "2026-03-06T14:00:00.000Z");
    assert.equal(slotAt(ny, utc("2026-03-09T13:00:00Z"))?.startAt.toISOString(), "2026-03-09T13:00:00.000Z");
    const hi = rules({ timezone: "Pacific/Honolulu" });
    assert.ok(slotAt(hi, utc("2026-03-06T19:00:00Z")));
    assert.ok(slotAt(hi, utc("2026-03-09T19:00:00Z")));
  });
});
