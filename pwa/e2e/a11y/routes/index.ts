/** Every screen of the accessibility sweep, one file per domain (see ../types.ts). */
import type { SweepRoute } from "../types.ts";
import { ORDERS_ROUTES } from "./orders.ts";

export const SWEEP_ROUTES: SweepRoute[] = [
  ...ORDERS_ROUTES,
];
