/** Payments on the patient's side (issue 13) in the accessibility sweep: saved cards, membership options, the join flow. */
import type { SweepRoute } from "../types.ts";

export const PAYMENTS_ROUTES: SweepRoute[] = [
  // The demo patient's card (seeded as pm_card_visa): the delete question.
  { role: "patient", path: "/settings#payment-methods", ready: "Settings", dialogs: [/^Delete Visa ending in/] },
  // A guest's prompt: joining starts with signing in.
  { role: "guest", path: (ids) => `/profile/${ids.doctorId}`, ready: /Grace Hopper/, dialogs: [/^Join with Primary care — monthly$/] },
  // The join flow opened by its address (the plan step), as after signing in from a guest's "Join".
  { role: "patient", path: (ids) => `/profile/${ids.doctorId}?join=1`, ready: /Grace Hopper/ },
];
