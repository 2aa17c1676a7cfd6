/** Every screen of the accessibility sweep, one file per domain (see ../types.ts). */
import type { SweepRoute } from "../types.ts";
import { ACCOUNT_SCREENS } from "./account.ts";
import { ADMIN_ROUTES } from "./admin.ts";
import { CARE_SCREENS } from "./care.ts";
import { COMMERCE_ROUTES } from "./commerce.ts";
import { CONSULTATIONS_ROUTES } from "./consultations.ts";
import { DOCUMENTS_ROUTES } from "./documents.ts";
import { MEMBERSHIPS_ROUTES } from "./memberships.ts";
import { ORDERS_ROUTES } from "./orders.ts";
import { PLANS_ROUTES } from "./plans.ts";
import { PAYMENTS_ROUTES } from "./payments.ts";
import { PUBLIC_SCREENS } from "./public.ts";
import { TEAM_ROUTES } from "./team.ts";

export const SWEEP_ROUTES: SweepRoute[] = [
  ...PUBLIC_SCREENS,
  ...ACCOUNT_SCREENS,
  ...CARE_SCREENS,
  ...ORDERS_ROUTES,
  ...DOCUMENTS_ROUTES,
  ...TEAM_ROUTES,
  ...ADMIN_ROUTES,
  ...COMMERCE_ROUTES,
  ...PLANS_ROUTES,
  ...PAYMENTS_ROUTES,
  ...CONSULTATIONS_ROUTES,
  ...MEMBERSHIPS_ROUTES,
];
