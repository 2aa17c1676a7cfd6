/** Administration's services, composed once (app.ts). */
import type { Deps } from "../../deps.ts";
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
