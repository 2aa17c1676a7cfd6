/**
 * Doctors as patients find them (01 §2 `doctors`, §7 "Doctors"): the list and
 * its filters, the dropdown, "my doctor" and an admin choosing a doctor for a patient.
 */
import { z } from "zod";
import { SPECIALTIES } from "../constants.ts";
import { US_STATE_CODES } from "../us-states.ts";
import { miniDoctorSchema, publicDoctorProfileSchema } from "./user.ts";

/** 01 §3 `doctorsOrder`, default rating (nulls last, then by name). */
export const DOCTORS_ORDERS = ["rating", "name"] as const;

export const doctorsQuerySchema = z.object({
  offset: z.coerce.number({ error: "Offset must be a number" }).int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number({ error: "Limit must be a number" }).int().min(1).max(100).default(20),
  /** Licensed in this state. */
  state: z.enum(US_STATE_CODES, { error: "Choose a US state" }).optional(),
  specialty: z.enum(SPECIALTIES, { error: "Choose a specialty" }).optional(),
  /** Part of the first or last name. */
  search: z.string().trim().max(100).optional(),
  order: z.enum(DOCTORS_ORDERS, { error: "Order by rating or name" }).default("rating"),
});
export type DoctorsQuery = z.output<typeof doctorsQuerySchema>;

export const doctorsDropdownQuerySchema = z.object({ search: z.string().trim().max(100).optional() });

/** `POST /doctors/choose/admin`. */
export const chooseDoctorSchema = z
  .object({ doctorId: z.uuid("Choose a doctor"), patientId: z.uuid("Choose a patient") })
  .strict();

/** A doctor in the list, on their profile page and as "my doctor": the public profile with what patients choose by. */
export const doctorCardSchema = publicDoctorProfileSchema.omit({ role: true }).extend({
  /** Average review rating, 1–5; null until the reviews issue gives them one. */
  rating: z.number().nullable(),
  /** Bookable now: approved, not blocked, with an active payout account. */
  acceptsBookings: z.boolean(),
  /** Fewer than 400 patients in the panel. */
  acceptsNewPatients: z.boolean(),
});
export type DoctorCard = z.output<typeof doctorCardSchema>;

/** A doctor in a picker: the same few fields as a user's own doctor. */
export const doctorOptionSchema = miniDoctorSchema;
export type DoctorOption = z.output<typeof doctorOptionSchema>;

/** `GET /doctors/count`: how many listed doctors match the filter. */
export const doctorsCountSchema = z.object({ count: z.number().int() }).strict();
export type DoctorsCount = z.output<typeof doctorsCountSchema>;
