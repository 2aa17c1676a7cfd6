import { medicalCardSchema } from "../../../../sync/schemas/medical-card.ts";

export type Row = Record<string, string>;

/** The form's values: the schema's input with every answer a string. */
export type MedicalCardValues = {
  allergies: Row[];
  allergiesNoSignificant: boolean;
  medications: Row[];
  pastMedicalHistory: Row[];
  surgicalHistory: Row[];
  familyHistory: Row[];
  familyHistoryNoSignificant: boolean;
  socialHistory: { tobacco: string; alcohol: string; drugs: string };
};

export type ListName = "allergies" | "medications" | "pastMedicalHistory" | "surgicalHistory" | "familyHistory";

export type ColumnSpec = {
  key: string;
  label: string;
  required?: boolean;
  options?: readonly { value: string; label: string }[];
  hint?: string;
  /** A field with matches to pick from (still free text). */
  search?: "allergen";
};

const DATE_HINT = "A year, or a year and month (e.g. 2015-06)";

export const LISTS: Record<ListName, { title: string; itemLabel: string; columns: ColumnSpec[] }> = {
  allergies: {
    title: "Allergies",
    itemLabel: "Allergy",
    columns: [
      { key: "name", label: "Allergy", required: true, search: "allergen" },
      {
        key: "type",
        label: "Type",
        options: [{ value: "drug", label: "Drug" }, { value: "food", label: "Food" }, { value: "environment", label: "Environment" }],
      },
      { key: "reaction", label: "Reaction" },
      { key: "comment", label: "Comment" },
    ],
  },
  medications: {
    title: "Medications",
    itemLabel: "Medication",
    columns: [
      { key: "name", label: "Medication", required: true },
      { key: "dose", label: "Dose" },
      { key: "frequency", label: "How often" },
    ],
  },
  pastMedicalHistory: {
    title: "Past medical history",
    itemLabel: "Condition",
    columns: [
      { key: "disease", label: "Condition", required: true },
      { key: "date", label: "When", hint: DATE_HINT },
    ],
  },
  surgicalHistory: {
    title: "Surgical history",
    itemLabel: "Surgery",
    columns: [
      { key: "surgery", label: "Surgery", required: true },
      { key: "date", label: "When", hint: DATE_HINT },
    ],
  },
  familyHistory: {
    title: "Family history",
    itemLabel: "Family condition",
    columns: [
      { key: "member", label: "Family member", required: true, hint: "e.g. mother, brother" },
      { key: "condition", label: "Condition", required: true },
      {
        key: "status",
        label: "Living or deceased",
        required: true,
        options: [{ value: "living", label: "Living" }, { value: "deceased", label: "Deceased" }],
      },
    ],
  },
};

export const SOCIAL_OPTIONS = {
  tobacco: [
    { value: "never", label: "Never" },
    { value: "former", label: "Former smoker" },
    { value: "current", label: "Current smoker" },
  ],
  alcohol: [
    { value: "never", label: "Never" },
    { value: "occasionally", label: "Occasionally" },
    { value: "weekly", label: "Weekly" },
    { value: "daily", label: "Daily" },
  ],
  drugs: [
    { value: "never", label: "Never" },
    { value: "former", label: "In the past" },
    { value: "current", label: "Currently" },
  ],
} as const;

export const EMPTY_CARD: MedicalCardValues = {
  allergies: [],
  allergiesNoSignificant: false,
  medications: [],
  pastMedicalHistory: [],
  surgicalHistory: [],
  familyHistory: [],
  familyHistoryNoSignificant: false,
  socialHistory: { tobacco: "", alcohol: "", drugs: "" },
};

export function emptyRow(list: ListName): Row {
  return Object.fromEntries(LISTS[list].columns.map((column) => [column.key, ""]));
}

/** A saved card the server sent with the user, when it parses; otherwise an empty form. */
export function initialCard(saved: unknown): MedicalCardValues {
  const parsed = medicalCardSchema.safeParse(saved);
  if (!parsed.success) return EMPTY_CARD;
  const card = parsed.data;
  const rows = (items: readonly object[]) => items.map((item) => ({ ...item }) as Row);
  return {
    allergies: rows(card.allergies),
    allergiesNoSignificant: card.allergiesNoSignificant,
    medications: rows(card.medications),
    pastMedicalHistory: rows(card.pastMedicalHistory),
    surgicalHistory: rows(card.surgicalHistory),
    familyHistory: rows(card.familyHistory),
    familyHistoryNoSignificant: card.familyHistoryNoSignificant,
    socialHistory: { ...card.socialHistory },
  };
}
