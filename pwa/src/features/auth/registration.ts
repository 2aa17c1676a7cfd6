import { SIGNATURE_MAX_BYTES } from "../../../../sync/constants.ts";
import type { Registration } from "../../../../sync/schemas/auth.ts";
import type { ApiClient } from "../../lib/api/client.ts";
import { toFormData } from "../../lib/api/multipart.ts";
import type { FieldErrors } from "../../../../sync/field-errors.ts";
import { browserTimezone } from "../../lib/us-timezones.ts";
import { newPasswordErrors } from "./new-password.ts";

export const SIGNATURE_TYPES = ["image/jpeg", "image/png"] as const;
export const REGISTERED_MESSAGE = "Check your email to activate your account";

/** What the registration form holds; the schema turns it into a `Registration`. */
export type RegistrationValues = {
  role: "patient" | "doctor";
  email: string;
  password: string;
  repeatPassword: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  gender: string;
  phoneNumber: string;
  state: string;
  city: string;
  zip: string;
  address: string;
  agreements: string[];
  npi: string;
  dea: string;
  fax: string;
  timezone: string;
  specialty: string;
  licensedStates: string[];
  sign: File | null;
};

export function initialRegistration(role: RegistrationValues["role"] = "patient"): RegistrationValues {
  return {
    role,
    email: "",
    password: "",
    repeatPassword: "",
    firstName: "",
    lastName: "",
    birthDate: "",
    gender: "",
    phoneNumber: "",
    state: "",
    city: "",
    zip: "",
    address: "",
    agreements: [],
    npi: "",
    dea: "",
    fax: "",
    timezone: browserTimezone(),
    specialty: "",
    licensedStates: [],
    sign: null,
  };
}

/** The schema input: a patient sends no professional fields and no file. */
export function toRegistrationInput(values: RegistrationValues): Record<string, unknown> {
  const { sign: _sign, npi, dea, fax, timezone, specialty, licensedStates, ...personal } = values;
  return values.role === "doctor" ? { ...personal, npi, dea, fax, timezone, specialty, licensedStates } : personal;
}

/** Checks beside the registration schema: the password pair on its own, and the doctor's signature file. */
export function checkRegistrationExtras(values: RegistrationValues): FieldErrors {
  const errors: FieldErrors = newPasswordErrors(values);
  if (values.role === "doctor") {
    const error = signatureError(values.sign);
    if (error) errors.sign = error;
  }
  return errors;
}

export function signatureError(file: File | null): string | null {
  if (!file) return "Upload an image of your signature";
  if (!(SIGNATURE_TYPES as readonly string[]).includes(file.type)) return "The signature must be a JPG or PNG image";
  if (file.size > SIGNATURE_MAX_BYTES) return "The signature must be at most 20 MB";
  return null;
}

/**
 * `POST /users` as multipart/form-data (fields plus files, 01 §7): text
 * fields as they are, `agreements` and `licensedStates` as JSON text, the
 * doctor's signature as the file field `sign`.
 */
export async function register(api: ApiClient, data: Registration, sign: File | null): Promise<void> {
  const form = toFormData({ ...data }, { sign: data.role === "doctor" ? sign : null });
  await api.POST("/users", { form, auth: false });
}
