import type { AuthUser } from "../../../../sync/schemas/user.ts";

/** What the edit form holds; every value a string or a list so inputs stay controlled. */
export type ProfileValues = {
  firstName: string;
  lastName: string;
  birthDate: string;
  gender: string;
  state: string;
  city: string;
  zip: string;
  address: string;
  bio: string;
  npi: string;
  dea: string;
  fax: string;
  timezone: string;
  specialty: string;
  licensedStates: string[];
};

const PERSONAL = ["firstName", "lastName", "birthDate", "gender", "state", "city", "zip", "address"] as const;
const DOCTOR = ["bio", "npi", "dea", "fax", "timezone", "specialty"] as const;

export function profileValues(user: AuthUser): ProfileValues {
  return {
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    birthDate: user.birthDate ?? "",
    gender: user.gender ?? "",
    state: user.state ?? "",
    city: user.city ?? "",
    zip: user.zip ?? "",
    address: user.address ?? "",
    bio: user.bio ?? "",
    npi: user.npi ?? "",
    dea: user.dea ?? "",
    fax: user.fax ?? "",
    timezone: user.timezone ?? "",
    specialty: user.specialty ?? "",
    licensedStates: [...user.licensedStates],
  };
}

/**
 * Only what changed goes to `PUT /users/{id}` (the update schema is partial
 * and strict): untouched empty fields are not forced to validate, and a
 * patient never sends professional fields.
 */
export function changedFields(user: AuthUser, values: ProfileValues): Record<string, unknown> {
  const before = profileValues(user);
  const keys: (keyof ProfileValues)[] = user.role === "doctor" ? [...PERSONAL, ...DOCTOR] : [...PERSONAL];
  const changes: Record<string, unknown> = {};
  for (const key of keys) {
    if (values[key] !== before[key]) changes[key] = values[key];
  }
  if (user.role === "doctor" && !sameSet(before.licensedStates, values.licensedStates)) {
    changes.licensedStates = values.licensedStates;
  }
  return changes;
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((item) => b.includes(item));
}
