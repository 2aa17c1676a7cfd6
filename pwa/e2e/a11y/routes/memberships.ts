/** The patient's memberships screens (issue 13) in the accessibility sweep: the demo patient is a seeded member. */
import type { SweepRoute } from "../types.ts";

export const MEMBERSHIPS_ROUTES: SweepRoute[] = [
  { role: "patient", path: "/settings#my-membership", ready: "Settings", dialogs: ["Change plan", "Cancel membership"] },
];
