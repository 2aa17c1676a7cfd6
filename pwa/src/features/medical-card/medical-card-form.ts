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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const textOf = (v: unknown): string => (typeof v === "string" ? v : "");

/**
 * The form's start from the stored card, kept as far as it goes: the card may have been written by the care team
 * (records with ids, social history still null) or before a field existed. Nothing stored is dropped for not being
 * complete: the form shows it and checks it on save.
 */
export function initialCard(saved: unknown): MedicalCardValues {
  if (!isRecord(saved)) return EMPTY_CARD;
  const rows = (list: ListName): Row[] => {
    const items = Array.isArray(saved[list]) ? saved[list].filter(isRecord) : [];
    return items.map((item) => Object.fromEntries(LISTS[list].columns.map((column) => [column.key, textOf(item[column.key])])));
  };
  const social = isRecord(saved.socialHistory) ? saved.socialHistory : {};
  return {
    allergies: rows("allergies"),
    allergiesNoSignificant: saved.allergiesNoSignificant === true,
    medications: rows("medications"),
    pastMedicalHistory: rows("pastMedicalHistory"),
    surgicalHistory: rows("surgicalHistory"),
    familyHistory: rows("familyHistory"),
    familyHistoryNoSignificant: saved.familyHistoryNoSignificant === true,
    socialHistory: { tobacco: textOf(social.tobacco), alcohol: textOf(social.alcohol), drugs: textOf(social.drugs) },
  };
}
