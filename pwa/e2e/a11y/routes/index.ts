/** Every screen of the accessibility sweep, one file per domain (see ../types.ts). */
import type { SweepRoute } from "../types.ts";
import { DOCUMENTS_ROUTES } from "./documents.ts";

export const SWEEP_ROUTES: SweepRoute[] = [
  ...DOCUMENTS_ROUTES,
];
