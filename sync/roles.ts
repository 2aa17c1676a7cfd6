/** Roles of 01 §6; guest is the absence of a session. */
export const ROLES = ["patient", "doctor", "vma", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const REGISTRABLE_ROLES = ["patient", "doctor"] as const;
export type RegistrableRole = (typeof REGISTRABLE_ROLES)[number];
