/** Every screen of the accessibility sweep, one file per domain (see ../types.ts). */
import type { SweepRoute } from "../types.ts";
import { TEAM_ROUTES } from "./team.ts";

export const SWEEP_ROUTES: SweepRoute[] = [
  ...TEAM_ROUTES,
];
