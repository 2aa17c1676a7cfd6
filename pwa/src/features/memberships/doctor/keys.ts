/** TanStack Query keys of the doctor's membership screens. */
export const doctorMembershipKeys = {
  all: ["memberships", "doctor"] as const,
  options: () => ["memberships", "doctor", "options"] as const,
  patients: () => ["memberships", "doctor", "patients"] as const,
};
