/** Business constants of 01 §9 and 02 §9 that both sides use. */
export const DOCTOR_PATIENT_CAP = 400;
/** 01 §9: both parties are told this many minutes before a consultation starts. */
export const CONSULTATION_NOTICE_MINUTES = 15;
export const MINIMUM_AGE = 18;
export const SNACKBAR_HIDE_MS = 3000;
export const NAME_MAX_EXCLUSIVE = 35;
/** NIST SP 800-63B: at least 8 characters for a password a person chooses (the spec's 6 was the old form check). */
export const PASSWORD_MIN = 8;
export const PRIMARY_COLOR = "#0096ff";
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } as const;
export const MAX_FILES_AT_ONCE = 10;
export const MB = 1024 * 1024;
export const SIGNATURE_MAX_BYTES = 20 * MB;
export const NOTE_FILE_MAX_BYTES = 20 * MB;
export const CHAT_FILE_MAX_BYTES = 60 * MB;
export const REQUIRED_AGREEMENTS = ["terms", "privacy", "prescription"] as const;
export const AGREEMENT_NAMES = [
  "terms",
  "privacy",
  "prescription",
  "membership",
] as const;
export type AgreementName = (typeof AGREEMENT_NAMES)[number];
/** Specialties the platform recruits (01 §1). */
export const SPECIALTIES = [
  "Family practice",
  "Internal medicine",
  "Med/Peds",
] as const;
