/** Test data for consultations: bookable doctors with hours, patients, bookings through the API. */
import assert from "node:assert/strict";
import type { TestContext } from "./harness.ts";
import type { AvailabilityInput } from "../../../sync/schemas/availability.ts";

export type TestUser = Awaited<ReturnType<TestContext["createUser"]>>;

/** Monday 2 March 2026, 08:00 in Los Angeles (PST): a working week with DST starting on Sunday 8 March. */
export const MONDAY_MORNING = new Date("2026-03-02T16:00:00Z");
/** Environment for consultation tests: tokens live a day, so the manual clock can move through a day. */
export const LONG_TOKENS = { env: { ACCESS_TOKEN_TTL_SECONDS: "86400" } };

export const NINE_TO_FIVE: AvailabilityInput["weekly"] = Object.fromEntries(
  ["monday", "tuesday", "wednesday", "thursday", "friday"].map((d) => [d, [{ start: "09:00", end: "17:00" }]]),
);

/** An approved doctor with an active payout account, licensed in NV, with weekday hours 09:00–17:00 in Los Angeles. */
export async function createBookableDoctor(ctx: TestContext, fields: Record<string, unknown> = {}, hours: Partial<AvailabilityInput> = {}) {
  const doctor = await ctx.createUser("doctor", {
    stripe_account: "acct_test", is_active_stripe_account: true, specialty: "Family practice", ...fields,
  });
  const res = await ctx.call("PUT", "/availability", {
    token: doctor.token,
    body: { timezone: "America/Los_Angeles", slotMinutes: 30, weekly: NINE_TO_FIVE, ...hours },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return doctor;
}

/** A patient in NV (with an assigned doctor when given). */
export const createPatient = (ctx: TestContext, doctor?: TestUser, fields: Record<string, unknown> = {}) =>
  ctx.createUser("patient", { doctor_id: doctor?.id ?? null, ...fields });

export function bookingBody(doctorId: string, startAt: string, over: Record<string, unknown> = {}) {
  return { doctorId, startAt, type: "video", reason: "Persistent cough", ...over };
}

export const book = (ctx: TestContext, patient: TestUser, body: Record<string, unknown>) =>
  ctx.call("POST", "/consultations", { token: patient.token, body });

/** Books and asserts it worked; returns the consultation. */
export async function booked(ctx: TestContext, patient: TestUser, doctorId: string, startAt: string, over: Record<string, unknown> = {}) {
  const res = await book(ctx, patient, bookingBody(doctorId, startAt, over));
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.result;
}

/** Books and has the doctor accept. */
export async function accepted(ctx: TestContext, patient: TestUser, doctor: TestUser, startAt: string) {
  const c = await booked(ctx, patient, doctor.id, startAt);
  const res = await ctx.call("PUT", `/consultations/accept/${c.id}`, { token: doctor.token });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.result;
}

/** The validation message for one field of a 400 answer. */
export const fieldError = (res: { body: any }, field: string) => res.body?.details?.fields?.[field];
