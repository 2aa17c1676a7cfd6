/** Every screen of the accessibility sweep, one file per domain (see ../types.ts). */
import type { SweepRoute } from "../types.ts";
import { ADMIN_ROUTES } from "./admin.ts";

export const SWEEP_ROUTES: SweepRoute[] = [
  ...ADMIN_ROUTES,
];
