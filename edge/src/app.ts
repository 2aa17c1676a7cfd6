/** Builds the HTTP application from its dependencies: no I/O happens here. */
import { answerCheck } from "./http/answers.ts";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { createActorResolver } from "./access/resolve-actor.ts";
import type { Deps } from "./deps.ts";
import { bodySizeLimit } from "./http/body-size.ts";
import { compressJson } from "./http/compress-json.ts";
import { provideIdempotency } from "./http/idempotency.ts";
import { createIdempotencyStore, registerIdempotencySweep } from "./http/idempotency-store.ts";
import type { AppEnv } from "./http/context.ts";
import { createErrorHandler, errorResponse } from "./http/on-error.ts";
import { apiDocsRoutes } from "./domains/api-docs/routes.ts";
import { authRoutes } from "./domains/auth/routes.ts";
import { availabilityRoutes } from "./domains/availability/routes.ts";
import { createAvailabilityService } from "./domains/availability/service.ts";
import { calendarRoutes } from "./domains/calendar/routes.ts";
import { createCalendarService } from "./domains/calendar/service.ts";
import { consultationsRoutes } from "./domains/consultations/routes.ts";
import { createConsultationsService } from "./domains/consultations/service.ts";
import { createVisitEncounters } from "./domains/consultations/visit-encounters.ts";
import { doctorsRoutes } from "./domains/doctors/routes.ts";
import { createDoctorsService } from "./domains/doctors/service.ts";
import { intakeFormsRoutes } from "./domains/intake-forms/routes.ts";
import { createIntakeFormsService } from "./domains/intake-forms/service.ts";
import { createAuthService } from "./domains/auth/service.ts";
import { contactRoutes } from "./domains/contact/routes.ts";
import { devRoutes } from "./domains/dev/routes.ts";
import { healthRoutes } from "./domains/health/routes.ts";
import { patientsRoutes } from "./domains/patients/routes.ts";
import { chartRoutes } from "./domains/chart/routes.ts";
import { createChartServices } from "./domains/chart/service.ts";
import { ordersRoutes } from "./domains/orders/routes.ts";
import { createOrdersServices } from "./domains/orders/service.ts";
import { createDeviceDrafts } from "./domains/orders/device-drafts.ts";
import { createTaskSyncEffects } from "./domains/team/task-sync.ts";
import { currentPlanInterval } from "./domains/memberships/plan-interval.ts";
import { createNoteSyncEffects } from "./domains/chart/note-sync.ts";
import { createNoteDraftSyncEffects } from "./domains/chart/note-draft-sync.ts";
import { createMedicalFileSyncEffects } from "./domains/documents/medical-file-sync.ts";
import { registrationRoutes } from "./domains/registration/routes.ts";
import { createRegistrationService } from "./domains/registration/service.ts";
import { syncRoutes } from "./domains/sync/routes.ts";
import { createSyncRepo } from "./domains/sync/repo.ts";
import { createSyncService } from "./domains/sync/service.ts";
import { createUploadService } from "./domains/sync/uploads.ts";
import { usersRoutes } from "./domains/users/routes.ts";
import { createUsersService } from "./domains/users/service.ts";
import { createMessageEffects } from "./domains/messages/effects.ts";
import { createChatExports } from "./domains/messages/export.ts";
import { createChatFiles } from "./domains/messages/files.ts";
import { messagesRoutes } from "./domains/messages/routes.ts";
import { createMessagesService } from "./domains/messages/service.ts";
import { notificationsRoutes } from "./domains/notifications/routes.ts";
import { createNotificationsService } from "./domains/notifications/service.ts";
import { createContactService } from "./domains/contact/service.ts";
import { videoRoutes } from "./domains/video/routes.ts";
import { documentsRoutes } from "./domains/documents/routes.ts";
import { createDocumentsService } from "./domains/documents/service.ts";
import { createFaxes } from "./domains/documents/faxes.ts";
import { encounterPdfFor } from "./domains/documents/encounter-export.ts";
import { createMedicalFilesApi } from "./domains/documents/medical-files.ts";
import { medicalFilesRoutes } from "./domains/documents/medical-files-routes.ts";
import { createTeamServices } from "./domains/team/service.ts";
import { teamRoutes } from "./domains/team/routes.ts";
import { createRefreshCookie } from "./domains/auth/refresh-cookie.ts";
import { cspReportRoutes } from "./domains/security/csp-report.ts";
import { cspOptionsFrom, securityPolicy } from "./http/csp.ts";
import { createVideoService } from "./domains/video/service.ts";
import { adminRoutes } from "./domains/admin/routes.ts";
import { createAdminServices } from "./domains/admin/service.ts";
import { registerJobs } from "./jobs/index.ts";
import { plansRoutes } from "./domains/plans/routes.ts";
import { createPlansService } from "./domains/plans/service.ts";
import { membershipsRoutes } from "./domains/memberships/routes.ts";
import { createMembershipsService } from "./domains/memberships/service.ts";
import { createPriceNotice } from "./domains/memberships/price-change.ts";
import { createWebhooks } from "./domains/memberships/webhooks.ts";
import { paymentsRoutes } from "./domains/payments/routes.ts";
import { createPaymentsService } from "./domains/payments/service.ts";
import { commerceRoutes } from "./domains/commerce/routes.ts";
import { createCouponsService } from "./domains/commerce/coupons.ts";
import { createPaidServicesService } from "./domains/commerce/services.ts";
import { createPurchases } from "./domains/commerce/purchase.ts";
import { createPayoutAccounts } from "./domains/commerce/payout-account.ts";
import { createRefundNotice } from "./domains/commerce/refund-notice.ts";
import { createMoney } from "./domains/commerce/money.ts";
import { createPanelSyncEffects } from "./domains/patients/panel.ts";
import { createChartEntrySyncEffects } from "./domains/chart/entries.ts";
import { createMarkedPullEffects, flushMarkedRows } from "./domains/sync/marked.ts";

export const API_PREFIX = "/api/v1";
/** The version the API reference (openapi.json) states. */
export const API_VERSION = "1.0.0";

export function createServices(deps: Deps) {
  const auth = createAuthService(deps);
  const withSessions = { ...deps, endAllSessions: auth.endAllSessions };
  const chatFiles = createChatFiles(deps);
  // A new message does the same through a push and through the chat API.
  const messageEffects = createMessageEffects({ ...deps, files: chatFiles });
  const notifications = createNotificationsService(deps);
  // Prescription maximums follow the patient's plan with the prescribing doctor (02 §9), online and from a device.
  const planKindOf = (patientId: string, doctorId: string) => currentPlanInterval(deps.sql, patientId, doctorId);
  const sync = createSyncService({
    ...deps,
    effects: {
      chat_messages: messageEffects,
      encounter_notes: createNoteSyncEffects(deps),
      note_drafts: createNoteDraftSyncEffects(deps),
      medical_files: createMedicalFileSyncEffects(deps),
      patients: createPanelSyncEffects(deps),
      chart_entries: createChartEntrySyncEffects(deps, createDeviceDrafts({ clock: deps.clock, planKindIn: currentPlanInterval })),
      note_types: createMarkedPullEffects(deps),
      practice_members: createMarkedPullEffects(deps),
      tasks: createTaskSyncEffects({ ...deps, notifications }),
    },
  });
  const availability = createAvailabilityService(deps);
  const intakeForms = createIntakeFormsService(deps);
  const messages = createMessagesService({ ...deps, write: sync.write, files: chatFiles, effects: messageEffects });
  const consultations = createConsultationsService({ ...deps, write: sync.write, availability, intakeForms });
  const chart = createChartServices({ ...deps, write: sync.write, visits: createVisitEncounters({ sql: deps.sql, write: sync.write }) });
  const documents = createDocumentsService({ ...deps, write: sync.write });
  const uploads = createUploadService({ ...deps, repo: createSyncRepo(deps.sql), write: sync.write });
  return {
    documents,
    faxes: createFaxes({ ...deps, documents, encounterPdf: encounterPdfFor(deps.sql, chart) }),
    auth,
    sync,
    chatFiles,
    messages,
    chatExports: createChatExports({ ...deps, files: chatFiles }),
    notifications,
    contact: createContactService({ ...deps, notifications, messages }),
    availability,
    intakeForms,
    consultations,
    video: createVideoService({ ...deps, consultations }),
    calendar: createCalendarService({ ...deps, availability, consultations }),
    doctors: createDoctorsService({ ...deps, write: sync.write }),
    uploads,
    medicalFiles: createMedicalFilesApi({ ...deps, sync, uploads }),
    registration: createRegistrationService(withSessions),
    users: createUsersService({ ...withSessions, write: sync.write }),
    chart,
    orders: createOrdersServices(deps, { planKindOf }),
    team: createTeamServices({ ...deps, write: sync.write, notifications, auth }),
    admin: createAdminServices({ ...deps, notifications }),
    plans: createPlansService({ ...deps, priceNotice: createPriceNotice(deps) }),
    memberships: createMembershipsService({ ...deps, write: sync.write }),
    payments: createPaymentsService(deps),
    webhooks: createWebhooks(deps),
    coupons: createCouponsService(deps),
    paidServices: createPaidServicesService(deps),
    purchases: createPurchases(deps),
    payoutAccounts: createPayoutAccounts(deps),
    money: createMoney({ ...deps, refundNotice: createRefundNotice({ ...deps, notifications }) }),
  };
}
export type Services = ReturnType<typeof createServices>;

/** The /api/v1 application. */
export function createApi(deps: Deps) {
  const services = createServices(deps);
  registerJobs(deps, services);
  // One Idempotency-Key store for every route that creates (`idempotent()`, edge/docs/api.md).
  const idempotency = createIdempotencyStore(deps);
  registerIdempotencySweep(deps.jobs, idempotency, deps.log);
  // Not strict: a path written with a trailing slash (the spec's `POST /doctorMacros/`, `POST /doctorTasks/`) is the same route.
  const api = new Hono<AppEnv>({ strict: false });

  api.use("*", async (c, next) => {
    c.set("requestId", crypto.randomUUID());
    c.set("clientAddress", clientAddress(c.req.header("x-forwarded-for"), c.env, deps.config.TRUST_PROXY));
    await next();
    c.header("Cache-Control", c.res.headers.get("Cache-Control") ?? "no-store");
  });
  api.use("*", bodySizeLimit());
  api.use("*", compressJson());
  api.use("*", createActorResolver(deps));
  api.use("*", provideIdempotency(idempotency));
  if (deps.config.CHECK_ANSWERS) api.use("*", answerCheck(deps.log));
  // Chart entries, note types and practice members written by this request reach the devices now (sync/marked.ts).
  api.use("*", async (c, next) => {
    await next();
    if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return;
    await flushMarkedRows(deps.sql, services.sync.write)
      .catch((e: unknown) => deps.log.error("marked synced rows were not sequenced", { error: e instanceof Error ? e.message : String(e) }));
  });

  // Order matters: routers with static `/users/...` paths come before `/users/:id`.
  api.route("/", healthRoutes(deps));
  api.route("/", authRoutes(services.auth, createRefreshCookie(deps.config)));
  api.route("/", registrationRoutes(services.registration));
  api.route("/", patientsRoutes({ ...deps, write: services.sync.write }));
  api.route("/", ordersRoutes(services.orders));
  api.route("/", chartRoutes(services.chart));
  api.route("/", contactRoutes(services.contact));
  api.route("/", devRoutes(deps));
  api.route("/", syncRoutes(services.sync, services.uploads));
  api.route("/", consultationsRoutes(services.consultations));
  api.route("/", availabilityRoutes(services.availability));
  api.route("/", calendarRoutes(services.calendar));
  api.route("/", adminRoutes(services.admin));
  api.route("/", plansRoutes(services.plans));
  api.route("/", membershipsRoutes(services.memberships));
  api.route("/", paymentsRoutes(services.payments, services.webhooks));
  api.route("/", commerceRoutes(services.coupons, services.paidServices, services.purchases, services.payoutAccounts, services.money));
  api.route("/", doctorsRoutes(services.doctors));
  api.route("/", intakeFormsRoutes(services.intakeForms));
  api.route("/", messagesRoutes(services.messages, services.chatExports));
  api.route("/", notificationsRoutes(services.notifications));
  api.route("/", videoRoutes(services.video, deps.video));
  api.route("/", documentsRoutes(services.documents, services.faxes, deps));
  api.route("/", medicalFilesRoutes(services.medicalFiles));
  api.route("/", teamRoutes(services.team));
  api.route("/", usersRoutes(services.users));
  api.route("/", apiDocsRoutes(() => api.routes, API_VERSION));
  api.route("/", cspReportRoutes(deps));

  api.onError(createErrorHandler(deps.log));
  return { api, services };
}

/** The whole application: the API under /api/v1; static files are added by the entry point. */
export function createApp(deps: Deps) {
  const { api, services } = createApi(deps);
  const app = new Hono<AppEnv>({ strict: false });
  app.use("*", secureHeaders({ crossOriginEmbedderPolicy: false, crossOriginResourcePolicy: "same-origin" }));
  // The one Content-Security-Policy (edge/src/http/csp.ts) on every HTML answer, and its companions.
  app.use("*", securityPolicy(cspOptionsFrom(deps.config, deps.payments)));
  app.route(API_PREFIX, api);
  // OPTIONS is answered, not "not found": the API is same-origin (no CORS), so it only says which methods exist.
  app.options(`${API_PREFIX}/*`, (c) => {
    c.header("Allow", "GET, POST, PUT, DELETE, PATCH, OPTIONS");
    return c.body(null, 204);
  });
  app.all(`${API_PREFIX}/*`, (c) => errorResponse(c, 404, "Not found", { reason: "ROUTE_NOT_FOUND" }));
  app.onError(createErrorHandler(deps.log));
  return { app, api, services };
}

function clientAddress(forwarded: string | undefined, env: unknown, trustProxy: boolean): string | null {
  if (trustProxy && forwarded) return forwarded.split(",")[0].trim() || null;
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? null;
}
