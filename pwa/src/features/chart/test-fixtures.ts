/** Answers of the chart calls for the chart's component tests (shapes of edge/docs/chart.md). */
import type { Diagnosis } from "../../../../sync/schemas/diagnosis.ts";
import type { Encounter } from "../../../../sync/schemas/encounter.ts";
import type { Problem } from "../../../../sync/schemas/problem.ts";
import type { Vitals } from "../../../../sync/schemas/vitals.ts";
import type { ChartCard, PatientChart } from "../../../../sync/schemas/patient-record.ts";

export const PATIENT_ID = "3f2b9c1e-0000-4000-8000-0000000000a1";
export const DOCTOR_ID = "3f2b9c1e-0000-4000-8000-0000000000d1";
export const ENCOUNTER_ID = "3f2b9c1e-0000-4000-8000-0000000000e1";
export const CONSULTATION_ID = "3f2b9c1e-0000-4000-8000-0000000000c1";
const ids = { n: 0 };
export const uuid = () => `3f2b9c1e-0000-4000-8000-${String(++ids.n).padStart(12, "0")}`;

export const emptyCard = (patch: Partial<ChartCard> = {}): ChartCard => ({
  allergies: [], allergiesNoSignificant: false, medications: [], pastMedicalHistory: [], surgicalHistory: [],
  familyHistory: [], familyHistoryNoSignificant: false, socialHistory: null, ...patch,
});

export const patientChart = (patch: Partial<PatientChart> = {}): PatientChart => ({
  id: PATIENT_ID, firstName: "Pat", lastName: "Patient", middleName: "", birthDate: "1980-07-02", gender: "Male",
  email: "patient@demo.test", phoneNumber: "+17025550103", doctorId: DOCTOR_ID, lastEncounterAt: null,
  medicalCard: emptyCard(), ...patch,
});

export const encounter = (patch: Partial<Encounter> = {}): Encounter => ({
  id: ENCOUNTER_ID, patientId: PATIENT_ID, doctorId: DOCTOR_ID, type: "video", reason: "Cough for a week",
  encounterDatetime: "2026-01-10T15:00:00.000Z", consultationId: null, details: "", isShared: false, createdBy: DOCTOR_ID,
  createdAt: "2026-01-10T15:00:00.000Z", updatedAt: "2026-01-10T15:00:00.000Z", ...patch,
});

export const diagnosis = (patch: Partial<Diagnosis> = {}): Diagnosis => ({
  id: uuid(), encounterId: ENCOUNTER_ID, patientId: PATIENT_ID, code: "J20.9", description: "Acute bronchitis, unspecified",
  comment: "", isShared: false, createdBy: DOCTOR_ID, createdAt: "2026-01-10T15:10:00.000Z", ...patch,
});

export const problem = (patch: Partial<Problem> = {}): Problem => ({
  id: uuid(), patientId: PATIENT_ID, name: "Asthma", code: "J45.909", status: "active", onset: "2015", comment: "",
  isShared: false, createdBy: DOCTOR_ID, createdAt: "2026-01-10T15:10:00.000Z", ...patch,
});

export const vitals = (patch: Partial<Vitals> = {}): Vitals => ({
  id: uuid(), patientId: PATIENT_ID, encounterId: null, consultationId: null, bloodPressure: null, heartRate: null, weight: null,
  height: null, bmi: null, temperature: null, respiratoryRate: null, format: "imperial", source: "manual",
  recordedBy: { id: DOCTOR_ID, firstName: "Grace", lastName: "Hopper" }, recordedAt: "2026-01-10T15:00:00.000Z", ...patch,
});

export const list = <T>(items: T[], offset = 0, limit = 20) => ({ list: items, offset, limit, totalCount: items.length });
