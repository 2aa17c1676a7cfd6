/** Every screen of the accessibility sweep, one file per domain (see ../types.ts). */
import type { SweepRoute } from "../types.ts";
import { COMMERCE_ROUTES } from "./commerce.ts";

export const SWEEP_ROUTES: SweepRoute[] = [
  ...COMMERCE_ROUTES,
];
