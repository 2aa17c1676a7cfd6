/** Refusals about a doctor, shared by booking, availability, intake forms, the calendar and assignment. */
import { conflict, notFound } from "../../http/errors.ts";

/** 02 §8 "No such doctor": missing, or not listed (unapproved, blocked) for this caller. */
export const noSuchDoctor = () => notFound("No such doctor");
/** Listed but without an active payout account (02 §4, §8 wording). */
export const doctorUnavailable = () =>
  conflict("Sorry, you cannot book this doctor. Please contact support service.", "DOCTOR_UNAVAILABLE");
/** 01 §9: at most 400 patients per doctor. */
export const panelFull = () => conflict("This doctor's practice is full: they take no new patients", "PANEL_FULL");
