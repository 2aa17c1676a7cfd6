import { formatBirthDate, patientName } from "../../patients/index.ts";
import { ageOn } from "../lib/chart-format.ts";

export type HeaderPatient = {
  firstName: string;
  lastName: string;
  middleName?: string | null;
  birthDate: string | null;
  gender?: string | null;
  email?: string;
  phoneNumber?: string | null;
};

/** The chart's header: who the patient is and how to reach them. */
export function ChartHeader({ patient }: { patient: HeaderPatient | null }) {
  if (!patient) {
    return (
      <header className="chart-header">
        <h1>Patient</h1>
      </header>
    );
  }
  const age = ageOn(patient.birthDate);
  const name = [patient.firstName, patient.middleName, patient.lastName].filter(Boolean).join(" ") || patientName(patient);
  return (
    <header className="chart-header">
      <h1>{name}</h1>
      <p className="chart-header__facts">
        {age !== null && <span>{age} years</span>}
        <span>Born {formatBirthDate(patient.birthDate)}</span>
        {patient.gender && <span>{patient.gender}</span>}
      </p>
      {(patient.email || patient.phoneNumber) && (
        <p className="chart-header__contact">
          {patient.phoneNumber && <a href={`tel:${patient.phoneNumber}`} aria-label={`Call ${patient.phoneNumber}`}>{patient.phoneNumber}</a>}
          {patient.email && <a href={`mailto:${patient.email}`} aria-label={`Email ${patient.email}`}>{patient.email}</a>}
        </p>
      )}
    </header>
  );
}
