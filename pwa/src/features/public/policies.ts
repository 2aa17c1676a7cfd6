/**
 * The facts and figures of the public pages (01 §1, §9 and 02 §1, §9),
 * defined once. Pages read these constants instead of typing numbers into
 * their copy, so a fee or a limit changes in one place.
 *
 * Constants that the server also enforces come from `sync/constants.ts`.
 */
import { IMAGING_REFERRAL_FEES } from "../../../../sync/rules/imaging-referral.ts";
import {
  AGREEMENT_NAMES,
  type AgreementName,
  CHAT_FILE_MAX_BYTES,
  DOCTOR_PATIENT_CAP,
  MAX_FILES_AT_ONCE,
  MB,
  MINIMUM_AGE,
  NOTE_FILE_MAX_BYTES,
  SIGNATURE_MAX_BYTES,
  SPECIALTIES,
} from "../../../../sync/constants.ts";

export { AGREEMENT_NAMES, type AgreementName, DOCTOR_PATIENT_CAP, MINIMUM_AGE, SPECIALTIES };

export const PRODUCT_NAME = "DPC Telehealth";

/** Whole US dollars, as written in the policies: `usd(59)` → "$59". */
export function usd(amount: number): string {
  return `$${amount.toLocaleString("en-US")}`;
}

/** `["a", "b", "c"]` → "a, b and c". */
export function joinList(items: readonly string[], last = "and"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${last} ${items[items.length - 1]}`;
}

/** 1 → "once", 2 → "twice", 3 → "3 times". */
export function timesWord(count: number): string {
  return count === 1 ? "once" : count === 2 ? "twice" : `${count} times`;
}

// ---- Membership -----------------------------------------------------------

export type CareLevel = "primary" | "specialty";
export type BillingPeriod = "month" | "threeMonths" | "year";

export const BILLING_PERIODS: readonly { key: BillingPeriod; label: string; months: number }[] = [
  { key: "month", label: "1 month", months: 1 },
  { key: "threeMonths", label: "3 months", months: 3 },
  { key: "year", label: "12 months", months: 12 },
];

export const CARE_LEVELS: readonly { key: CareLevel; label: string }[] = [
  { key: "primary", label: "Primary care" },
  { key: "specialty", label: "Specialty care" },
];

/** Membership fees in US dollars per billing period. */
export const MEMBERSHIP_FEES: Readonly<Record<CareLevel, Readonly<Record<BillingPeriod, number>>>> = {
  primary: { month: 59, threeMonths: 147, year: 468 },
  specialty: { month: 89, threeMonths: 237, year: 828 },
};

/** One-off access for a single week, without a recurring membership. */
export const ONE_WEEK_ACCESS_FEE = 49;

export const MEMBERSHIP_DURATIONS = ["1 week", "1 month", "3 months", "12 months"] as const;

export const WELCOME_PACKAGE = {
  items: ["blood pressure cuff", "pulse oximeter", "thermometer"],
  plans: ["3-month", "annual"],
} as const;

/** Notice we give before a membership price changes. */
export const PRICE_CHANGE_NOTICE_DAYS = 30;

// ---- Imaging referrals ----------------------------------------------------

export const IMAGING_REFERRAL = {
  /** The first referral; it includes one month of access (the checkout charges the same: sync/rules/imaging-referral.ts). */
  firstFee: IMAGING_REFERRAL_FEES.firstCents / 100,
  includedAccess: "one month",
  additionalFee: IMAGING_REFERRAL_FEES.additionalCents / 100,
  /** A member's referral: their membership already gives access. */
  memberFee: IMAGING_REFERRAL_FEES.memberCents / 100,
  maxAdditional: IMAGING_REFERRAL_FEES.maxAdditional,
  processingBusinessDays: IMAGING_REFERRAL_FEES.processingBusinessDays,
  /** Days to complete the test after the referral is sent; also the refund window. */
  completionDays: IMAGING_REFERRAL_FEES.refundWindowDays,
  types: ["X-ray", "ultrasound", "CT", "MRI"],
} as const;

// ---- Prescriptions --------------------------------------------------------

export type PrescriptionMaximum = { plan: string; days: number; refills: number };

export const PRESCRIPTION_MAXIMUMS: readonly PrescriptionMaximum[] = [
  { plan: "One-time visit", days: 30, refills: 0 },
  { plan: "Monthly membership", days: 30, refills: 0 },
  { plan: "3-month membership", days: 90, refills: 0 },
  { plan: "Annual membership", days: 90, refills: 3 },
];

export const ERX_DELIVERY_HOURS = 1;

/** Medication classes that are controlled substances and never prescribed. */
export const CONTROLLED_SUBSTANCE_CLASSES = ["anxiety", "pain", "diet", "sleep", "ADHD"] as const;

// ---- Doctors and patients -------------------------------------------------

export const CREDENTIALING_YEARS = 3;
/** Nobody at or below this age is served. */
export const YOUNGEST_EXCLUDED_AGE = 13;
export const ADOLESCENT_MEDICINE_AGES = { from: 11, to: 21 } as const;

/** Self-measured pulse: count beats for this many seconds, then multiply. */
export const PULSE_CHECK = { seconds: 6, multiplier: 10 } as const;

export const ONLINE_MANAGEABLE_PERCENT = 90;
export const CHRONIC_VISITS_PER_YEAR = { min: 1, max: 3 } as const;

/** Reminder before a scheduled consultation (01 §9). */
export const UPCOMING_NOTICE_MINUTES = 15;

export const CONSULTATION_TYPES = [
  { name: "Video visits", text: "See your doctor face to face from your phone, tablet or computer." },
  { name: "Text chat", text: "Talk with your doctor in a live, private chat." },
  {
    name: "Asynchronous consultations",
    text: "Send your question, photos or files and your doctor answers when they review them.",
  },
] as const;

// ---- Files ----------------------------------------------------------------

export const FILE_LIMITS = {
  atOnce: MAX_FILES_AT_ONCE,
  noteMb: NOTE_FILE_MAX_BYTES / MB,
  signatureMb: SIGNATURE_MAX_BYTES / MB,
  chatMb: CHAT_FILE_MAX_BYTES / MB,
} as const;

// ---- Legal ----------------------------------------------------------------

export const GOVERNING_LAW = "Nevada";
export const LIABILITY_CAP = { minimumUsd: 100, feeMonths: 6 } as const;
export const PRIVACY_POLICY_EFFECTIVE_DATE = "9/14/2020";
export const PRIVACY_CHANGE_NOTICE_DAYS = 30;
export const CALIFORNIA_REQUESTS_PER_YEAR = 2;

// ---- Public paths ---------------------------------------------------------

/** Paths of the public pages (01 §2), for links and for the router. */
export const PUBLIC_PATHS = {
  home: "/",
  landing: "/landing",
  doctors: "/doctors",
  faq: "/faq",
  howItWorks: "/how-it-works",
  aboutUs: "/about-us",
  terms: "/terms-and-conditions",
  privacy: "/privacy-policy",
  prescription: "/prescription-policy",
  membership: "/membership-agreement",
  conditionsTreated: "/conditions-treated",
  contactUs: "/contact-us",
  agreement: "/agreement/:agreementName",
} as const;

export const INFO_LINKS: readonly { to: string; label: string }[] = [
  { to: PUBLIC_PATHS.howItWorks, label: "How it works" },
  { to: PUBLIC_PATHS.faq, label: "FAQ" },
  { to: PUBLIC_PATHS.conditionsTreated, label: "Conditions treated" },
  { to: PUBLIC_PATHS.aboutUs, label: "About us" },
  { to: PUBLIC_PATHS.membership, label: "Membership agreement" },
  { to: PUBLIC_PATHS.prescription, label: "Prescription policy" },
  { to: PUBLIC_PATHS.terms, label: "Terms and conditions" },
  { to: PUBLIC_PATHS.privacy, label: "Privacy policy" },
  { to: PUBLIC_PATHS.contactUs, label: "Contact us" },
];

export function isAgreementName(value: string | undefined): value is AgreementName {
  return (AGREEMENT_NAMES as readonly string[]).includes(value ?? "");
}
