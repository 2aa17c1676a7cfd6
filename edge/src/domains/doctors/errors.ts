/** Refusals about a doctor, shared by booking, availability, intake forms, the calendar and assignment. */
import { AppError, conflict, notFound } from "../../http/errors.ts";
import { isLicensedIn, notLicensedMessage } from "../../../../sync/rules/licensing.ts";

/** 02 §8 "No such doctor": missing, or not listed (unapproved, blocked) for this caller. */
export const noSuchDoctor = () => notFound("No such doctor");
/** Listed but without an active payout account (02 §4, §8 wording). */
export const doctorUnavailable = () =>
  conflict("Sorry, you cannot book this doctor. Please contact support service.", "DOCTOR_UNAVAILABLE");
/** 01 §9: at most 400 patients per doctor. */
export const panelFull = () => conflict("This doctor's practice is full: they take no new patients", "PANEL_FULL");

/**
 * 01 §5: a patient joins or pays only a doctor licensed in the patient's state (sync/rules/licensing.ts). 403: the
 * request is well formed, the patient may not do this with this doctor.
 */
export function requireLicensedFor(
  doctor: { firstName: string; lastName: string; licensedStates: string[] },
  patientState: string | null,
) {
  const states = doctor.licensedStates;
  if (isLicensedIn(states, patientState)) return;
  const message = notLicensedMessage(`Dr. ${doctor.firstName} ${doctor.lastName}`, states, patientState);
  throw new AppError(403, message, { reason: "NOT_LICENSED_IN_STATE" });
}
