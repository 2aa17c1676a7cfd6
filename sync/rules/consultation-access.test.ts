/** Access states of /consultation/{id} (01 §4) over a consultation's life. */
import assert from "node:assert/strict";
import { consultationAccess, isDocumentable } from "./consultation-access.ts";

const startAt = new Date("2026-03-09T16:00:00Z");
const endAt = new Date("2026-03-09T16:30:00Z");
const minutes = (n: number) => new Date(startAt.getTime() + n * 60_000);
const state = (status: any, now: Date, extra: { isParty?: boolean; live?: boolean } = {}) =>
  consultationAccess({ status, startAt, endAt, isParty: extra.isParty ?? true, live: extra.live }, now).state;

Deno.test("consultation access states", async (t) => {
  await t.step("accepted: not started until 15 minutes before, open until the end, then ended", () => {
    assert.equal(state("accepted", minutes(-16)), "not_started");
    assert.equal(state("accepted", minutes(-15)), "open");
    assert.equal(state("accepted", minutes(29)), "open");
    assert.equal(state("accepted", minutes(30)), "ended");
  });
  await t.step("live keeps an accepted consultation open past its slot", () => {
    assert.equal(state("accepted", minutes(45), { live: true }), "open");
  });
  await t.step("requested never opens; finished, canceled, declined say so", () => {
    assert.equal(state("requested", minutes(0)), "not_started");
    assert.equal(state("requested", minutes(31)), "ended");
    assert.equal(state("finished", minutes(0)), "finished");
    assert.equal(state("canceled", minutes(-60)), "canceled");
    assert.equal(state("declined", minutes(-60)), "canceled");
  });
  await t.step("someone who sees it but is not a party has no access", () => {
    assert.equal(state("accepted", minutes(0), { isParty: false }), "no_access");
  });
  await t.step("the window is reported", () => {
    const access = consultationAccess({ status: "accepted", startAt, endAt, isParty: true }, minutes(-60));
    assert.deepEqual(access, { state: "not_started", opensAt: "2026-03-09T15:45:00.000Z", closesAt: "2026-03-09T16:30:00.000Z" });
  });
});

Deno.test("only an accepted or finished visit can be documented", () => {
  const all = ["requested", "accepted", "declined", "canceled", "finished"];
  assert.deepEqual(all.filter(isDocumentable), ["accepted", "finished"]);
});
