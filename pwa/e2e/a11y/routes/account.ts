/** Every signed-in role's own screens: home, profile, settings, messages (01 §2). */
import type { SweepRole, SweepRoute } from "../types.ts";

const SIGNED_IN: SweepRole[] = ["patient", "doctor", "vma", "admin"];

export const ACCOUNT_SCREENS: SweepRoute[] = [
  ...SIGNED_IN.flatMap((role): SweepRoute[] => [
    { role, path: "/home", ready: /^Welcome/ },
    { role, path: "/profile", ready: /\S/ },
    { role, path: "/profile/edit", ready: "Edit profile" },
    { role, path: "/settings", ready: "Settings" },
    { role, path: "/messages", ready: "Messages", dialogs: ["New message"] },
  ]),
  { role: "patient", path: "/fillProfile", ready: "Your medical card" },
  // Another user's settings (pwa/docs/settings.md): an admin's view of a patient, a doctor's of their VMA, and
  // the not-found page everyone else gets.
  { role: "admin", path: (ids) => `/settings/${ids.patientId}`, ready: "Settings of Pat Patient", dialogs: ["Block Pat Patient", "Change email"] },
  { role: "doctor", path: (ids) => `/settings/${ids.vmaId}`, ready: "Settings of Victor Assistant", dialogs: ["Detach Victor Assistant"] },
  { role: "patient", path: (ids) => `/settings/${ids.doctorId}`, ready: "Page not found" },
];
