/**
 * What e-prescribing needs of the people (02 §7 "Profile for erx not filled error"): the prescriber's and the
 * patient's profile fields, what is missing of them, and the patient as the vendor knows them.
 */
import type { Sql } from "../../db/connect.ts";
import { AppError } from "../../http/errors.ts";
import { ERX_REQUIRED_FIELDS } from "../../../../sync/schemas/patient-record.ts";
import type { Erx } from "../../platform/erx/erx.ts";

export const DOCTOR_ERX_FIELDS = ["firstName", "lastName", "npi", "phoneNumber", "fax", "address", "city", "state", "zip"] as const;

type Profile = Record<string, string | null>;

export async function doctorProfile(sql: Sql, doctorId: string): Promise<Profile | null> {
  const [d] = await sql<Profile[]>`select id, first_name as "firstName", last_name as "lastName", npi, dea,
    phone_number as "phoneNumber", fax, address, city, state, zip from users where id = ${doctorId} and role = 'doctor'`;
  return d ?? null;
}

export async function patientProfile(sql: Sql, patientId: string): Promise<Profile> {
  const [p] = await sql<Profile[]>`select id, first_name as "firstName", last_name as "lastName",
    to_char(birth_date, 'YYYY-MM-DD') as "birthDate", gender, phone_number as "phoneNumber", address, city, state, zip
    from users where id = ${patientId}`;
  return p;
}

export const missingOf = (row: Profile | null, fields: readonly string[]) =>
  fields.filter((f) => !row || row[f] === null || row[f] === undefined || String(row[f]).trim() === "");

/** 422 naming what each profile lacks, before anything reaches the vendor (the doctor's only when given). */
export function requireErxProfiles(o: { doctor?: Profile | null; patient: Profile }) {
  const doctorMissing = "doctor" in o ? missingOf(o.doctor ?? null, DOCTOR_ERX_FIELDS) : [];
  const patient = o.patient;
  const patientMissing = missingOf(patient, ERX_REQUIRED_FIELDS);
  if (doctorMissing.length || patientMissing.length) {
    throw new AppError(422, "Profile for erx not filled error", { reason: "ERX_PROFILE_INCOMPLETE", doctorMissing, patientMissing });
  }
}

/** The patient at the vendor (made or updated there); answers the vendor's id. */
export async function syncVendorPatient(erx: Erx, patientId: string, patient: Profile): Promise<string> {
  const { patientId: vendorPatient } = await erx.syncPatient({
    externalId: patientId, firstName: patient.firstName!, lastName: patient.lastName!, birthDate: patient.birthDate!,
    gender: patient.gender as "Male" | "Female" | null, address: patient.address!, city: patient.city!, state: patient.state!,
    zip: patient.zip!, phone: patient.phoneNumber!,
  });
  return vendorPatient;
}
