/** Administration's services, composed once (app.ts). */
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http/errors.ts";
import type { NotificationsService } from "../notifications/service.ts";
import { createAdminsService } from "./admins.ts";
import { createAgreementsService } from "./agreements.ts";
import { createAnalyticsService } from "./analytics.ts";
import { createApplicationsService } from "./applications.ts";
import { createContactQueueLinks } from "./contact-queue.ts";
import { createDashboardService } from "./dashboard.ts";
import { createReportsService } from "./reports.ts";
import { createReviewsService } from "./reviews.ts";

export function createAdminServices(deps: Deps & { notifications: NotificationsService }) {
  return {
    blobs: deps.blobs,
    /**
     * Demo mode only (like /dev/outbox): marks the signed-in doctor's payout account connected, standing in
     * for the payments emulator's connect flow until that lands (edge/docs/admin.md).
     */
    async devConnectPayout(doctorId: string) {
      if (!deps.demoMode) throw notFound();
      await deps.sql`update users set stripe_account = coalesce(stripe_account, ${`acct_dev_${doctorId.slice(0, 8)}`}),
        is_active_stripe_account = true where id = ${doctorId} and role = 'doctor'`;
      return { connected: true };
    },
    applications: createApplicationsService(deps),
    admins: createAdminsService(deps),
    reviews: createReviewsService(deps),
    dashboard: createDashboardService(deps),
    analytics: createAnalyticsService(deps),
    reports: createReportsService(deps),
    agreements: createAgreementsService(deps),
    contactLinks: createContactQueueLinks(deps),
  };
}
export type AdminServices = ReturnType<typeof createAdminServices>;
