/** The user as the API returns it (01 §3 "Auth user") and the profile update input. */
import { z } from "zod";
import type { Role } from "../roles.ts";
import {
  birthDateSchema,
  genderSchema,
  nameSchema,
  requiredText,
  stateSchema,
  zipSchema,
} from "../rules/personal.ts";
import { doctorFields } from "./auth.ts";

export type ApplicationStatus = "initial" | "approved" | "declined";
/** Where a patient still has to go before using the product; null when filled. */
export type ProfileNotFilledStage = "medicalCard" | null;

export type MiniDoctor = { id: string; firstName: string; lastName: string; specialty: string | null };

/** The signed-in user as `login`, `loginByToken` and `GET /users/{id}` (self) answer it. */
export type AuthUser = {
  id: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  gender: "Male" | "Female" | null;
  phoneNumber: string | null;
  isPhoneNumberVerified: boolean;
  state: string | null;
  city: string | null;
  zip: string | null;
  address: string | null;
  isActivated: boolean;
  isBlocked: boolean;
  isSuperAdmin: boolean;
  /** Doctor and VMA: approved by an admin (a VMA inherits their doctor's approval). */
  isAccountApproved: boolean;
  applicationStatus: ApplicationStatus | null;
  /** The patient's assigned doctor, or the VMA's doctor. */
  doctor: MiniDoctor | null;
  profileNotFilledStage: ProfileNotFilledStage;
  /** 01 §3: doctor/VMA = approved; patient = has a doctor; admin = always. */
  fullAccess: boolean;
  sign: string | null;
  lastPasswordChangedAt: string | null;
  stripeAccount: string | null;
  isActiveStripeAccount: boolean;
  /** Doctor-only professional fields. */
  npi: string | null;
  dea: string | null;
  fax: string | null;
  timezone: string | null;
  specialty: string | null;
  licensedStates: string[];
  bio: string | null;
  createdAt: string;
  /** Set when an admin is signed in as this user. */
  impersonatedBy: string | null;
};

/** What anyone may see of a doctor (the public `profile/{userId}` page). */
export type PublicDoctorProfile = {
  id: string;
  role: "doctor";
  firstName: string;
  lastName: string;
  specialty: string | null;
  licensedStates: string[];
  bio: string | null;
  timezone: string | null;
};

export type TokenPair = { accessToken: string; refreshToken: string };
export type LoginResult = TokenPair & { user: AuthUser };

export type SessionInfo = {
  id: string;
  device: string;
  address: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
  impersonatedBy: string | null;
};

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
