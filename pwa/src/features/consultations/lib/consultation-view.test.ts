import { describe, expect, it } from "vitest";
import type { ConsultationDoc } from "../../../../../sync/collections/consultations.ts";
import type { ConsultationStatus } from "../../../../../sync/schemas/consultation.ts";
import {
  actionsFor,
  type ConsultationView,
  counterpart,
  filterTab,
  fromDevice,
  inTab,
  upcomingNotice,
  type Viewer,
} from "./consultation-view.ts";

const NOW = new Date("2026-03-09T18:00:00.000Z");
const DOCTOR = "d0000000-0000-4000-8000-000000000001";
const PATIENT = "p0000000-0000-4000-8000-000000000001";
const OTHER_DOCTOR = "d0000000-0000-4000-8000-000000000002";
let n = 0;

function consultation(patch: Partial<ConsultationView> & { startAt: string }): ConsultationView {
  n += 1;
  const endAt = new Date(new Date(patch.startAt).getTime() + 30 * 60_000).toISOString();
  return {
    id: `c0000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    doctorId: DOCTOR, patientId: PATIENT, doctorName: "Grace Hopper", patientName: "Pat Patient",
    type: "video", status: "accepted", endAt, reason: "Cough", outOfStateReason: null, declineReason: null, cancelReason: null,
    access: { state: "not_started", opensAt: null, closesAt: null },
    ...patch,
  };
}
const at = (minutesFromNow: number) => new Date(NOW.getTime() + minutesFromNow * 60_000).toISOString();

const doctor: Viewer = { id: DOCTOR, role: "doctor", fullAccess: true, doctor: null };
const patient: Viewer = { id: PATIENT, role: "patient", fullAccess: true, doctor: { id: DOCTOR } };
const vma: Viewer = { id: "v0000000-0000-4000-8000-000000000001", role: "vma", fullAccess: true, doctor: { id: DOCTOR } };

describe("tabs", () => {
  const requestedSoon = consultation({ status: "requested", startAt: at(60) });
  const requestedLate = consultation({ status: "requested", startAt: at(600) });
  const acceptedNow = consultation({ status: "accepted", startAt: at(-10) });
  const acceptedEnded = consultation({ status: "accepted", startAt: at(-120) });
  const requestedEnded = consultation({ status: "requested", startAt: at(-60) });
  const canceledFuture = consultation({ status: "canceled", startAt: at(300) });
  const finished = consultation({ status: "finished", startAt: at(-500) });
  const all = [requestedLate, finished, acceptedNow, canceledFuture, requestedSoon, acceptedEnded, requestedEnded];

  it("Requests: requested and not ended, soonest first", () => {
    expect(filterTab(all, "requests", NOW)).toEqual([requestedSoon, requestedLate]);
  });

  it("Upcoming: accepted and not ended (one under way counts), soonest first", () => {
    expect(filterTab(all, "upcoming", NOW)).toEqual([acceptedNow]);
  });

  it("Past: finished, canceled, declined, or ended whatever the status, latest first", () => {
    expect(filterTab(all, "past", NOW)).toEqual([canceledFuture, requestedEnded, acceptedEnded, finished]);
  });

  it("All: everything, latest start first", () => {
    expect(filterTab(all, "all", NOW).map((c) => c.startAt)).toEqual([...all].map((c) => c.startAt).sort().reverse());
  });

  it("every consultation is in exactly one of Requests, Upcoming and Past", () => {
    for (const c of all) {
      expect((["requests", "upcoming", "past"] as const).filter((tab) => inTab(c, tab, NOW))).toHaveLength(1);
    }
  });
});

describe("actionsFor", () => {
  const requested = consultation({ status: "requested", startAt: at(60) });
  const accepted = consultation({ status: "accepted", startAt: at(60) });

  it("the doctor and their VMA accept, decline and reschedule a request; the patient may only cancel", () => {
    for (const viewer of [doctor, vma]) {
      expect(actionsFor(viewer, requested, NOW)).toEqual({ accept: true, decline: true, reschedule: true, cancel: true });
    }
    expect(actionsFor(patient, requested, NOW)).toEqual({ accept: false, decline: false, reschedule: false, cancel: true });
  });

  it("an accepted consultation can be rescheduled or canceled, not accepted or declined again", () => {
    expect(actionsFor(doctor, accepted, NOW)).toEqual({ accept: false, decline: false, reschedule: true, cancel: true });
  });

  it("nothing changes a closed or ended consultation (a stale request may still be declined)", () => {
    for (const status of ["canceled", "declined", "finished"] satisfies ConsultationStatus[]) {
      expect(Object.values(actionsFor(doctor, consultation({ status, startAt: at(60) }), NOW))).not.toContain(true);
    }
    const stale = consultation({ status: "requested", startAt: at(-60) });
    expect(actionsFor(doctor, stale, NOW)).toEqual({ accept: false, decline: true, reschedule: false, cancel: false });
  });

  it("another doctor, a VMA of another doctor or one not approved cannot act for the doctor", () => {
    const other = { ...doctor, id: OTHER_DOCTOR };
    expect(actionsFor(other, accepted, NOW)).toEqual({ accept: false, decline: false, reschedule: false, cancel: false });
    expect(actionsFor({ ...vma, doctor: { id: OTHER_DOCTOR } }, requested, NOW).accept).toBe(false);
    expect(actionsFor({ ...vma, fullAccess: false }, requested, NOW).accept).toBe(false);
  });
});

describe("upcomingNotice (01 §9: 15 minutes before)", () => {
  it("shows from 15 minutes before an accepted consultation until it ends", () => {
    expect(upcomingNotice(consultation({ startAt: at(16) }), NOW)).toBeNull();
    expect(upcomingNotice(consultation({ startAt: at(15) }), NOW)).toEqual({ minutes: 15, started: false });
    expect(upcomingNotice(consultation({ startAt: at(4.5) }), NOW)).toEqual({ minutes: 5, started: false });
    expect(upcomingNotice(consultation({ startAt: at(-5) }), NOW)).toEqual({ minutes: 0, started: true });
    expect(upcomingNotice(consultation({ startAt: at(-30) }), NOW)).toBeNull();
  });

  it("not for requests or closed consultations", () => {
    expect(upcomingNotice(consultation({ status: "requested", startAt: at(5) }), NOW)).toBeNull();
    expect(upcomingNotice(consultation({ status: "canceled", startAt: at(5) }), NOW)).toBeNull();
  });
});

describe("fromDevice", () => {
  const doc: ConsultationDoc = {
    id: "c0000000-0000-4000-8000-0000000000aa", doctorId: DOCTOR, patientId: PATIENT, doctorName: "Grace Hopper",
    patientName: "Pat Patient", type: "chat", status: "accepted", startAt: at(60), endAt: at(90), reason: "Rash",
    outOfStateReason: null, declineReason: null, cancelReason: null, encounterId: null, updatedAt: 12, _deleted: false,
  };

  it("works out the access state offline with the server's rule", () => {
    expect(fromDevice(doc, PATIENT, NOW).access).toEqual({ state: "not_started", opensAt: at(45), closesAt: at(90) });
    expect(fromDevice(doc, PATIENT, new Date(at(50))).access.state).toBe("open");
    expect(fromDevice(doc, vma.id, NOW).access.state).toBe("no_access");
  });
});

describe("counterpart", () => {
  const c = consultation({ startAt: at(60) });
  it("names the other party, or both for an assistant", () => {
    expect(counterpart(patient, c)).toBe("Dr. Grace Hopper");
    expect(counterpart(doctor, c)).toBe("Pat Patient");
    expect(counterpart(vma, c)).toBe("Pat Patient with Dr. Grace Hopper");
  });
});
