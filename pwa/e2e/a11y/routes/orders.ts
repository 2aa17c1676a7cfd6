/** Orders' screens (issue 15): /orders for each signed-in role, the doctor's e-prescribing desk. */
import type { SweepRoute } from "../types.ts";

export const ORDERS_ROUTES: SweepRoute[] = [
  { role: "patient", path: "/orders", ready: "Orders" },
  { role: "doctor", path: "/orders", ready: "Orders" },
  { role: "vma", path: "/orders", ready: "Orders" },
  { role: "doctor", path: "/doctor/erx", ready: "E-prescribing" },
];
