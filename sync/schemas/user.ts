/** The user as the API returns it (01 §3 "Auth user") and the profile update input. */
import { z } from "zod";
import { ROLES } from "../roles.ts";
import {
  birthDateSchema,
  genderSchema,
  nameSchema,
  requiredText,
  stateSchema,
  zipSchema,
} from "../rules/personal.ts";
import { doctorFields } from "./auth.ts";

/** A doctor's application (the `users.application_status` check). */
export const APPLICATION_STATUSES = ["initial", "approved", "declined"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** Where a patient still has to go before using the product; null when filled. */
export const profileNotFilledStageSchema = z.literal("medicalCard").nullable();
export type ProfileNotFilledStage = z.output<typeof profileNotFilledStageSchema>;

export const miniDoctorSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  specialty: z.string().nullable(),
}).strict();
export type MiniDoctor = z.output<typeof miniDoctorSchema>;

/** The signed-in user as `login`, `loginByToken` and `GET /users/{id}` (self) answer it. */
export const authUserSchema = z.object({
  id: z.uuid(),
  role: z.enum(ROLES),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.iso.date().nullable(),
  gender: genderSchema.nullable(),
  phoneNumber: z.string().nullable(),
  isPhoneNumberVerified: z.boolean(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  address: z.string().nullable(),
  isActivated: z.boolean(),
  isBlocked: z.boolean(),
  isSuperAdmin: z.boolean(),
  /** Doctor and VMA: approved by an admin (a VMA inherits their doctor's approval). */
  isAccountApproved: z.boolean(),
  applicationStatus: z.enum(APPLICATION_STATUSES).nullable(),
  /** The patient's assigned doctor, or the VMA's doctor. */
  doctor: miniDoctorSchema.nullable(),
  profileNotFilledStage: profileNotFilledStageSchema,
  /** 01 §3: doctor/VMA = approved; patient = has a doctor; admin = always. */
  fullAccess: z.boolean(),
  /** The signature's address (`/api/v1/users/{id}/sign`), or null. */
  sign: z.string().nullable(),
  lastPasswordChangedAt: z.iso.datetime().nullable(),
  stripeAccount: z.string().nullable(),
  isActiveStripeAccount: z.boolean(),
  /** Doctor-only professional fields. */
  npi: z.string().nullable(),
  dea: z.string().nullable(),
  fax: z.string().nullable(),
  timezone: z.string().nullable(),
  specialty: z.string().nullable(),
  licensedStates: z.array(z.string()),
  bio: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Set when an admin is signed in as this user: the admin's id. */
  impersonatedBy: z.uuid().nullable(),
}).strict();
export type AuthUser = z.output<typeof authUserSchema>;

/** What anyone may see of a doctor (the public `profile/{userId}` page). */
export const publicDoctorProfileSchema = z.object({
  id: z.uuid(),
  role: z.literal("doctor"),
  firstName: z.string(),
  lastName: z.string(),
  specialty: z.string().nullable(),
  licensedStates: z.array(z.string()),
  bio: z.string().nullable(),
  timezone: z.string().nullable(),
}).strict();
export type PublicDoctorProfile = z.output<typeof publicDoctorProfileSchema>;

/** `GET /users/{id}`: the whole user for those who may see it, else an approved doctor's public profile. */
export const userViewSchema = z.union([authUserSchema, publicDoctorProfileSchema]);

export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() }).strict();
export type TokenPair = z.output<typeof tokenPairSchema>;
export const loginResultSchema = tokenPairSchema.extend({ user: authUserSchema }).strict();
export type LoginResult = z.output<typeof loginResultSchema>;

export const sessionInfoSchema = z.object({
  id: z.uuid(),
  device: z.string(),
  address: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  current: z.boolean(),
  /** The admin signed in as this user in that session. */
  impersonatedBy: z.uuid().nullable(),
}).strict();
export type SessionInfo = z.output<typeof sessionInfoSchema>;

/** `PUT /users/{id}`: every field optional; email and phone have their own verified flows. */
/** `PUT /doctors/sign`: a multipart body whose only part is the file `sign` (checked by its bytes on the edge). */
export const signUploadSchema = z.object({}).strict();

export const userUpdateSchema = z
  .object({
    firstName: nameSchema("First name"),
    lastName: nameSchema("Last name"),
    birthDate: birthDateSchema,
    gender: genderSchema,
    state: stateSchema,
    city: requiredText("City", 100),
    zip: zipSchema,
    address: requiredText("Address", 200),
    bio: z.string().trim().max(2000, "Bio must be at most 2000 symbols"),
    ...doctorFields,
  })
  .partial()
  .strict();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/**
 * Sign-in, refresh, impersonation and password change as answered: a browser gets the refresh token in its
 * HttpOnly cookie and not in the JSON (edge/src/domains/auth/refresh-cookie.ts), other clients in the JSON.
 */
const deliveredRefreshToken = { refreshToken: z.string().optional() };
export const tokenAnswerSchema = tokenPairSchema.extend(deliveredRefreshToken).strict();
export const loginAnswerSchema = loginResultSchema.extend(deliveredRefreshToken).strict();
/** `POST /users/change-password`: this session's new tokens and when the password changed. */
export const passwordChangedSchema = tokenPairSchema.extend({ lastPasswordChangedAt: z.iso.datetime() }).strict();
export type PasswordChanged = z.output<typeof passwordChangedSchema>;
export const passwordChangedAnswerSchema = passwordChangedSchema.extend(deliveredRefreshToken).strict();

/** `GET /users/profile/filled`. */
export const profileFilledSchema = z.object({ isFilled: z.boolean(), stage: profileNotFilledStageSchema }).strict();
export type ProfileFilled = z.output<typeof profileFilledSchema>;
/** `POST /users/me/2fa/request-sms`: the phone's last four digits, masked. */
export const smsSentSchema = z.object({ sentTo: z.string() }).strict();
export type SmsSent = z.output<typeof smsSentSchema>;
/** `POST /users/logout/all`: how many sessions ended. */
export const loggedOutAllSchema = z.object({ endedSessions: z.number().int() }).strict();
export type LoggedOutAll = z.output<typeof loggedOutAllSchema>;
/** `POST /users/loginByToken` and `POST /users` (201): the user alone. */
export const userResultSchema = z.object({ user: authUserSchema }).strict();

/** Registration's link calls: each answers a fixed acknowledgement. */
export const activatedSchema = z.object({ activated: z.literal(true) }).strict();
export type Activated = z.output<typeof activatedSchema>;
export const resetSentSchema = z.object({ sent: z.literal(true) }).strict();
export type ResetSent = z.output<typeof resetSentSchema>;
export const resetLinkSchema = z.object({ valid: z.literal(true), email: z.string() }).strict();
export type ResetLink = z.output<typeof resetLinkSchema>;
export const passwordResetSchema = z.object({ reset: z.literal(true) }).strict();
export type PasswordReset = z.output<typeof passwordResetSchema>;
export const vmaPasswordSetSchema = z.object({ passwordSet: z.literal(true) }).strict();
export type VmaPasswordSet = z.output<typeof vmaPasswordSetSchema>;
