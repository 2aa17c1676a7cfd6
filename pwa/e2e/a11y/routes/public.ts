/** Public pages (01 §2), seen by a guest; the header's "Log in" and "Join" open the auth dialogs. */
import type { SweepRoute } from "../types.ts";

export const PUBLIC_SCREENS: SweepRoute[] = [
  { role: "guest", path: "/", ready: "Your own doctor, online, for one flat membership fee", dialogs: ["Log in", "Join"] },
  { role: "guest", path: "/landing", ready: "Your own doctor, online, for one flat membership fee" },
  { role: "guest", path: "/doctors", ready: "Find a doctor" },
  { role: "guest", path: (ids) => `/profile/${ids.doctorId}`, ready: /Grace Hopper/ },
  { role: "guest", path: "/contact-us", ready: "Contact us" },
  { role: "guest", path: "/terms-and-conditions", ready: "Terms and conditions" },
  { role: "guest", path: "/privacy-policy", ready: "Privacy policy" },
  { role: "guest", path: "/prescription-policy", ready: "Prescription policy" },
  { role: "guest", path: "/faq", ready: "Frequently asked questions" },
  { role: "guest", path: "/about-us", ready: "About us" },
  { role: "guest", path: "/how-it-works", ready: "How it works" },
  { role: "guest", path: "/membership-agreement", ready: "Membership agreement" },
  { role: "guest", path: "/conditions-treated", ready: "Conditions treated" },
  { role: "guest", path: "/agreement/membership", ready: "Membership agreement" },
  { role: "guest", path: "/agreement/unknown", ready: "Agreement not found" },
  { role: "guest", path: "/verifyRegistration", ready: "Account activation" },
  { role: "guest", path: "/resetPassword", ready: "Set a new password" },
  { role: "guest", path: "/vmaPassword", ready: "Create your password" },
  { role: "guest", path: "/no-such-page", ready: "Page not found" },
  // A signed-in patient sees the public pages with the signed-in header.
  { role: "patient", path: "/", ready: "Your own doctor, online, for one flat membership fee" },
  { role: "patient", path: "/doctors", ready: "Find a doctor" },
  { role: "patient", path: (ids) => `/profile/${ids.doctorId}`, ready: /Grace Hopper/ },
];
