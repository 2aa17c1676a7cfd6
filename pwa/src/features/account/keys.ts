/** TanStack Query keys of the account feature. */
export const accountKeys = {
  all: ["account"] as const,
  /** `GET /users/sessions`: the signed-in devices. */
  sessions: () => ["account", "sessions"] as const,
};
