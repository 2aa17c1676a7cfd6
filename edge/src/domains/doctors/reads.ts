/**
 * What the other domains read about a doctor: booking, availability, intake forms, the calendar, memberships,
 * paid services, plans and reviews. They get the doctor's profile with this domain's verdicts on it (listed,
 * bookable) and its refusals, never its rows; the SQL stays in ./repo.ts.
 */
import type { Sql } from "../../db/connect.ts";
import { doctorUnavailable, noSuchDoctor } from "./errors.ts";
import { acceptsBookings, createDoctorsRepo, isListed } from "./repo.ts";

export type DoctorProfile = {
  id: string;
  firstName: string;
  lastName: string;
  licensedStates: string[];
  timezone: string | null;
  /** Patients assigned to the doctor (at most DOCTOR_PATIENT_CAP take new ones). */
  panelSize: number;
  /** The payout account the doctor's charges go to; null before they connected one. */
  stripeAccount: string | null;
  /** Patients find, see and choose them: approved, and neither blocked, banned nor deactivated. */
  listed: boolean;
  /** Listed, with an active payout account: patients can book, join and pay them. */
  bookable: boolean;
};

/** A doctor by id, whatever their state; null when there is no such doctor. */
export async function doctorProfileOf(sql: Sql, id: string): Promise<DoctorProfile | null> {
  const row = await createDoctorsRepo(sql).byId(sql, id);
  if (!row) return null;
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    licensedStates: row.licensed_states ?? [],
    timezone: row.timezone,
    panelSize: row.panel_size,
    stripeAccount: row.stripe_account,
    listed: isListed(row),
    bookable: acceptsBookings(row),
  };
}

/** A doctor patients may see; else 404 "No such doctor", the same for one missing and one not listed. */
export async function listedDoctor(sql: Sql, id: string): Promise<DoctorProfile> {
  const doctor = await doctorProfileOf(sql, id);
  if (!doctor?.listed) throw noSuchDoctor();
  return doctor;
}

/** A doctor patients may book and pay: listed (else 404), with an active payout account (else 409 DOCTOR_UNAVAILABLE). */
export async function bookableDoctor(sql: Sql, id: string): Promise<DoctorProfile> {
  const doctor = await listedDoctor(sql, id);
  if (!doctor.bookable) throw doctorUnavailable();
  return doctor;
}
