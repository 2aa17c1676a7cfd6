import { describe, expect, it } from "vitest";
import { INTAKE_MESSAGES } from "../../../../../sync/schemas/intake-form.ts";
import { CONSULTATION_MESSAGES } from "../../../../../sync/schemas/consultation.ts";
import { answerPath, type BookingContext, type BookingValues, checkBooking, EMPTY_BOOKING, toBookingInput, VITALS_PATH } from "./booking-form.ts";

const DOCTOR = "3f2b9c1e-0000-4000-8000-0000000000d1";
const SYMPTOMS = "3f2b9c1e-0000-4000-8000-0000000000f1";
const NEW_MEDS = "3f2b9c1e-0000-4000-8000-0000000000f2";
const TEMPERATURE = "3f2b9c1e-0000-4000-8000-0000000000f3";

const settings: NonNullable<BookingContext["settings"]> = {
  vitalsEnabled: true,
  vitalsRequired: false,
  fields: [
    { id: SYMPTOMS, question: "How long?", inputType: "text", required: true },
    { id: NEW_MEDS, question: "New medications?", inputType: "yesNo", required: false },
    { id: TEMPERATURE, question: "Temperature (°F)?", inputType: "number", required: false },
  ],
};
const ctx: BookingContext = { doctorId: DOCTOR, settings, outOfState: false };

const filled = (patch: Partial<BookingValues> = {}): BookingValues => ({
  ...EMPTY_BOOKING,
  startAt: "2026-03-10T16:00:00.000Z",
  reason: "Cough for a week",
  answers: { [SYMPTOMS]: "Seven days" },
  ...patch,
});

describe("checkBooking", () => {
  it("accepts a complete form and builds the request the server expects", () => {
    const values = filled({
      type: "chat", weight: "180", height: "70.5", bloodPressure: " 120/80 ", pulse: "72", healthChanges: "Tired",
      answers: { [SYMPTOMS]: "Seven days", [NEW_MEDS]: false, [TEMPERATURE]: "99.1" },
    });
    expect(checkBooking(values, ctx)).toEqual({});
    expect(toBookingInput(values, ctx)).toEqual({
      doctorId: DOCTOR,
      startAt: "2026-03-10T16:00:00.000Z",
      type: "chat",
      reason: "Cough for a week",
      intakeForm: {
        healthChanges: "Tired",
        vitals: { weight: 180, height: 70.5, bloodPressure: "120/80", pulse: 72 },
        answers: { [SYMPTOMS]: "Seven days", [NEW_MEDS]: false, [TEMPERATURE]: 99.1 },
      },
    });
  });

  it("asks for a time and a reason", () => {
    const errors = checkBooking(filled({ startAt: "", reason: "  " }), ctx);
    expect(errors.startAt).toBe("Choose a free time");
    expect(errors.reason).toBe(CONSULTATION_MESSAGES.reasonRequired);
  });

  it("checks vitals with the shared messages: blood pressure like 120/80, numbers above 0, a whole pulse", () => {
    const errors = checkBooking(filled({ bloodPressure: "120-80", weight: "0", pulse: "72.5", height: "tall" }), ctx);
    expect(errors["intakeForm.vitals.bloodPressure"]).toBe("Write blood pressure like 120/80");
    expect(errors["intakeForm.vitals.weight"]).toBe("Weight must be greater than 0");
    expect(errors["intakeForm.vitals.pulse"]).toBe("Pulse is a whole number");
    expect(errors["intakeForm.vitals.height"]).toBe("Height must be a number");
  });

  it("uses 02 §5's message for a required question left empty, and checks typed answers", () => {
    const errors = checkBooking(filled({ answers: { [SYMPTOMS]: "   ", [TEMPERATURE]: "warm" } }), ctx);
    expect(errors[answerPath(SYMPTOMS)]).toBe(INTAKE_MESSAGES.answerRequired);
    expect(errors[answerPath(TEMPERATURE)]).toBe("Answer with a number");
  });

  it("requires at least one vital sign when the doctor requires vitals, and sends none when vitals are off", () => {
    const required = { ...ctx, settings: { ...settings, vitalsRequired: true } };
    expect(checkBooking(filled(), required)[VITALS_PATH]).toBe(INTAKE_MESSAGES.vitalsRequired);
    expect(checkBooking(filled({ pulse: "70" }), required)[VITALS_PATH]).toBeUndefined();
    const off = { ...ctx, settings: { ...settings, vitalsEnabled: false } };
    expect(toBookingInput(filled({ weight: "180" }), off).intakeForm).not.toHaveProperty("vitals");
  });

  it("needs the out-of-state reason only when the patient's state is not among the doctor's (01 §5)", () => {
    const away = { ...ctx, outOfState: true };
    expect(checkBooking(filled(), away).outOfStateReason).toBe(CONSULTATION_MESSAGES.outOfStateReasonRequired);
    expect(checkBooking(filled({ outOfStateReason: "Travelling for work" }), away)).toEqual({});
    expect(toBookingInput(filled({ outOfStateReason: "Travelling for work" }), away).outOfStateReason).toBe("Travelling for work");
    expect(toBookingInput(filled({ outOfStateReason: "stale" }), ctx)).not.toHaveProperty("outOfStateReason");
  });

  it("without the doctor's settings it still sends the shape the server takes", () => {
    expect(checkBooking(filled({ answers: {} }), { ...ctx, settings: null })).toEqual({});
  });
});
