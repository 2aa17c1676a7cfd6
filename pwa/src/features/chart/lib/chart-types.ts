/** Answers of the chart calls as the PWA reads them (edge/docs/chart.md). */
import type { MedicalCard } from "../../../../../sync/schemas/medical-card.ts";
import type { ChartPatient } from "../../../../../sync/schemas/patient-record.ts";

/** A medical card record as the care team edits it: every record has an `_id`. */
export type CardRecord = Record<string, string> & { _id: string };

/** `GET /patient/{id}` `medicalCard`, and the answer of edit-record and delete-record. */
export type ChartCard = {
  allergies: CardRecord[];
  allergiesNoSignificant: boolean;
  medications: CardRecord[];
  pastMedicalHistory: CardRecord[];
  surgicalHistory: CardRecord[];
  familyHistory: CardRecord[];
  familyHistoryNoSignificant: boolean;
  socialHistory: MedicalCard["socialHistory"] | null;
};

export type PatientChart = ChartPatient & { medicalCard: ChartCard };

/** `GET /vitals/patient/{id}/areImportsFromIntakeFormsPossible`. */
export type ImportsPossible = { possible: boolean; count: number; vitalsRequired: boolean; missingVitals: string[] };
