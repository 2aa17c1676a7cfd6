/**
 * Personal-data rules of 01 §5 and 02 §5, shared by the registration form,
 * the profile form and the server. Messages are written for the person
 * filling the form.
 */
import { z } from "zod";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { MINIMUM_AGE, NAME_MAX_EXCLUSIVE, PASSWORD_MIN } from "../constants.ts";
import { US_STATE_CODES } from "../us-states.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.ts";

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email"));

/**
 * A new or changed password (never applied at sign-in: existing passwords keep
 * working until changed). Length only and not a common one: no composition
 * rules, no forced rotation (NIST SP 800-63B; see edge/docs/auth.md).
 */
export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} symbols`)
  .max(128, "Password must be at most 128 symbols")
  .refine((value) => !isCommonPassword(value), COMMON_PASSWORD_MESSAGE);

export const nameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX_EXCLUSIVE - 1, `${label} must be under ${NAME_MAX_EXCLUSIVE} symbols`);

export const zipSchema = z
  .string({ error: "Zip is required" })
  .trim()
  .regex(/^\d{5}$/, "Zip must be exactly five digits");

export const stateSchema = z.enum(US_STATE_CODES, { error: "Choose a US state" });

export const genderSchema = z.enum(["Male", "Female"], { error: "Choose a gender" });

export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} symbols`);

/** Parses a phone number; numbers without a country code are US. Returns E.164 or null. */
export function toE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), "US");
  return parsed && parsed.isValid() ? parsed.number : null;
}

export const phoneSchema = z
  .string({ error: "Phone is required" })
  .trim()
  .min(1, "Phone is required")
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: "Enter a valid phone number" });
      return z.NEVER;
    }
    return e164;
  });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whole years between a YYYY-MM-DD birth date and `today` (UTC calendar dates). */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split("-").map(Number);
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const birthDateSchema = z
  .string({ error: "Birth date is required" })
  .trim()
  .refine(isRealDate, { message: "Enter your complete birth date: month, day and year", abort: true })
  .refine((v) => v >= "1900-01-01", "Birth date cannot be before 1900")
  .refine((v) => v <= new Date().toISOString().slice(0, 10), "Birth date cannot be in the future")
  .refine(
    (v) => ageOn(v, new Date()) >= MINIMUM_AGE,
    `You must be ${MINIMUM_AGE} or older to use the service`,
  );
