/** Inputs of the authentication and account calls (01 §7 "Authentication and users"). */
import { z } from "zod";
import { REQUIRED_AGREEMENTS, SPECIALTIES } from "../constants.ts";
import {
  birthDateSchema,
  emailSchema,
  genderSchema,
  nameSchema,
  passwordSchema,
  phoneSchema,
  requiredText,
  stateSchema,
  zipSchema,
} from "../rules/personal.ts";
import { US_STATE_CODES } from "../us-states.ts";
import { timezoneSchema } from "./timezone.ts";

export { timezoneSchema };

/**
 * An agreement's short name: the built-in ones (AGREEMENT_NAMES) or one the admins
 * added (issue 18); the server refuses names it does not publish.
 */
const agreementName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/, "Unknown agreement");
const agreementsSchema = z
  .array(agreementName, {
    error: "Accept the terms, privacy policy and prescription policy",
  })
  .max(50)
  .refine(
    (list) => REQUIRED_AGREEMENTS.every((name) => list.includes(name)),
    "Accept the terms, privacy policy and prescription policy",
  );

/** Password with its repeat; the mismatch is reported on `repeatPassword`. */
export const newPasswordFields = {
  password: passwordSchema,
  repeatPassword: z.string({ error: "Repeat the password" }),
};
const passwordsMatch = <T extends { password: string; repeatPassword: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.password !== value.repeatPassword) {
    ctx.addIssue({ code: "custom", path: ["repeatPassword"], message: "Passwords do not match" });
  }
};

const personalFields = {
  email: emailSchema,
  ...newPasswordFields,
  firstName: nameSchema("First name"),
  lastName: nameSchema("Last name"),
  birthDate: birthDateSchema,
  gender: genderSchema,
  phoneNumber: phoneSchema,
  state: stateSchema,
  city: requiredText("City", 100),
  zip: zipSchema,
  address: requiredText("Address", 200),
  agreements: agreementsSchema,
};

export const npiSchema = z
  .string({ error: "NPI is required" })
  .trim()
  .regex(/^\d{10}$/, "NPI is a 10-digit number");
export const deaSchema = z
  .string({ error: "DEA number is required" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z9]\d{7}$/, "DEA number is two letters and seven digits");
/** Professional fields of a doctor (02 §5). The signature arrives as a file. */
export const doctorFields = {
  npi: npiSchema,
  dea: deaSchema,
  fax: phoneSchema.describe("fax"),
  timezone: timezoneSchema,
  specialty: z.enum(SPECIALTIES, { error: "Choose a specialty" }),
  licensedStates: z
    .array(z.enum(US_STATE_CODES), { error: "Choose the states you are licensed in" })
    .min(1, "Choose the states you are licensed in")
    .max(US_STATE_CODES.length),
};

export const patientRegistrationSchema = z
  .object({ role: z.literal("patient"), ...personalFields })
  .superRefine(passwordsMatch);
export const doctorRegistrationSchema = z
  .object({ role: z.literal("doctor"), ...personalFields, ...doctorFields })
  .superRefine(passwordsMatch);
export const registrationSchema = z.discriminatedUnion("role", [
  patientRegistrationSchema,
  doctorRegistrationSchema,
], { error: "Role must be patient or doctor" });
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128),
});
export type LoginInput = z.infer<typeof loginSchema>;

const tokenString = z.string({ error: "Token is required" }).trim().min(16, "Invalid token").max(200);
export const tokenBodySchema = z.object({ token: tokenString });
export const tokenParamSchema = z.object({ token: tokenString });
export const refreshTokenSchema = z.object({ refreshToken: tokenString });

export const resetRequestSchema = z.object({ email: emailSchema });
/** `agreements` may come as JSON text (01 §7) or as an array. */
export const resetPasswordSchema = z
  .object({
    ...newPasswordFields,
    agreements: z
      .union([
        z.array(agreementName).max(50),
        z.string().transform((text, ctx) => {
          try {
            return z.array(agreementName).max(50).parse(JSON.parse(text));
          } catch {
            ctx.addIssue({ code: "custom", message: "Agreements must be a JSON list" });
            return z.NEVER;
          }
        }),
      ])
      .optional(),
  })
  .superRefine(passwordsMatch);
export const vmaPasswordSchema = z.object(newPasswordFields).superRefine(passwordsMatch);
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required").max(128),
    ...newPasswordFields,
  })
  .superRefine(passwordsMatch);

export const phoneChangeSchema = z.object({ phone: phoneSchema });
export const verificationCodeSchema = z
  .string({ error: "Verification code is required" })
  .trim()
  .regex(/^\d{6}$/, "The code has six digits");
export const confirmPhoneSchema = z.object({ verificationCode: verificationCodeSchema });
export const changeEmailSchema = z.object({ newEmail: emailSchema, verificationCode: verificationCodeSchema });
export const adminChangeEmailSchema = z.object({ newEmail: emailSchema, userId: z.uuid("Invalid user id") });

export const idParamSchema = z.object({ id: z.uuid("Invalid id") });
export const listQuerySchema = z.object({
  offset: z.coerce.number({ error: "Offset must be a number" }).int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number({ error: "Limit must be a number" }).int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional(),
});
