/**
 * HTTP for administration (01 §7 "Doctors, assistants, admins"; issue 18).
 * Mounted before the doctors' routes; `POST /doctors/{id}` (status change) and
 * `POST /doctors/review/{id}` are here, `GET /doctors/{id}` stays with doctors.
 */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { answers, answersFile } from "../../http/answers.ts";
import { idempotent } from "../../http/idempotency.ts";
import { attachment } from "../../http/download.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, metaOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { formFiles, valid, validate } from "../../http/validate.ts";
import { idParamSchema } from "../../../../sync/schemas/auth.ts";
import {
  acceptAgreementsSchema,
  adminsQuerySchema,
  agreementInputSchema,
  agreementNameSchema,
  analyticsQuerySchema,
  applicationsQuerySchema,
  createAdminSchema,
  doctorStatusChangeSchema,
  reportQuerySchema,
  reviewSchema,
  publicReviewsQuerySchema,
  reviewsQuerySchema,
  reviewVisibilitySchema,
} from "../../../../sync/schemas/admin.ts";
import {
  adminSchema,
  agreementSchema,
  agreementsAcceptedSchema,
  analyticsResultSchema,
  applicationSchema,
  dashboardFiguresSchema,
  myReviewSchema,
  publicReviewSchema,
  reportResultSchema,
  reviewViewSchema,
  supportChatLinkSchema,
} from "../../../../sync/schemas/admin-answers.ts";
import { listResultSchema } from "../../../../sync/envelope.ts";
import { deletedSchema } from "../../../../sync/schemas/team.ts";
import type { AdminServices } from "./service.ts";

const nameParam = z.object({ name: agreementNameSchema });
const placementQuery = z.object({ placement: z.enum(["signup", "footer", "all"]).default("all") });

export function adminRoutes(s: AdminServices) {
  const r = createRouter();
  const withId = validate({ param: idParamSchema });
  const id = (c: Parameters<typeof valid>[0]) => valid(c, idParamSchema).id;

  // Dashboard, analytics.
  r.get("/admin/dashboard", allow.roles("admin"), answers(dashboardFiguresSchema), async (c) => ok(c, await s.dashboard.figures()));
  r.get("/admin/analytics", allow.roles("admin"), answers(analyticsResultSchema), validate({ query: analyticsQuerySchema }), async (c) =>
    ok(c, await s.analytics.compute(valid(c, analyticsQuerySchema))));

  // Applications and the doctor status change.
  r.get("/admin/applications", allow.roles("admin"), answers(listResultSchema(applicationSchema)), validate({ query: applicationsQuerySchema }), async (c) =>
    ok(c, await s.applications.list(valid(c, applicationsQuerySchema))));
  r.get("/admin/applications/:id", allow.roles("admin"), answers(applicationSchema), withId, async (c) => ok(c, await s.applications.get(id(c))));
  r.get("/admin/applications/:id/sign", allow.roles("admin"), answersFile("image/png", "image/jpeg"), withId, async (c) => {
    const blob = await s.blobs.get(await s.applications.signatureBlobId(id(c)));
    if (!blob) return ok(c, null, 404);
    c.header("Content-Type", blob.contentType);
    c.header("Cache-Control", "private, no-store");
    return c.body(blob.data as Uint8Array<ArrayBuffer>);
  });
  r.post("/doctors/review/:id", allow.roles("patient"), answers(reviewViewSchema, 201), validate({ param: idParamSchema, json: reviewSchema }), idempotent(), async (c) =>
    ok(c, await s.reviews.create(actorOf(c), id(c), valid(c, reviewSchema), metaOf(c)), 201));
  r.get("/doctors/review/:id", allow.roles("patient"), answers(myReviewSchema), withId, async (c) => ok(c, await s.reviews.mine(actorOf(c), id(c))));
  // Public like the profile itself (issue 32: the landing page promises reviews).
  r.get("/doctors/:id/reviews", allow.public, answers(listResultSchema(publicReviewSchema)), validate({ param: idParamSchema, query: publicReviewsQuerySchema }), async (c) =>
    ok(c, await s.reviews.publicList(id(c), valid(c, publicReviewsQuerySchema))));
  r.post("/doctors/:id", allow.roles("admin"), answers(applicationSchema), validate({ param: idParamSchema, json: doctorStatusChangeSchema }), async (c) =>
    ok(c, await s.applications.changeStatus(actorOf(c), id(c), valid(c, doctorStatusChangeSchema), metaOf(c))));

  // Admins (super admins only).
  r.get("/admins/list", allow.superAdmin, answers(listResultSchema(adminSchema)), validate({ query: adminsQuerySchema }), async (c) =>
    ok(c, await s.admins.list(valid(c, adminsQuerySchema))));
  r.post("/admins", allow.superAdmin, answers(adminSchema, 201), validate({ json: createAdminSchema }), idempotent(), async (c) =>
    ok(c, await s.admins.create(actorOf(c), valid(c, createAdminSchema), metaOf(c)), 201));
  r.delete("/admins/byId/:id", allow.superAdmin, answers(deletedSchema), withId, async (c) => ok(c, await s.admins.remove(actorOf(c), id(c), metaOf(c))));

  // The contact-us queue: where to answer a message.
  r.get("/admin/contactus/:id/chat", allow.roles("admin"), answers(supportChatLinkSchema), withId, async (c) => ok(c, await s.contactLinks.supportChatOf(id(c))));

  // Reviews moderation.
  r.get("/admin/reviews", allow.roles("admin"), answers(listResultSchema(reviewViewSchema)), validate({ query: reviewsQuerySchema }), async (c) =>
    ok(c, await s.reviews.list(valid(c, reviewsQuerySchema))));
  r.put("/admin/reviews/:id", allow.roles("admin"), answers(reviewViewSchema), validate({ param: idParamSchema, json: reviewVisibilitySchema }), async (c) =>
    ok(c, await s.reviews.setHidden(actorOf(c), id(c), valid(c, reviewVisibilitySchema).hidden, metaOf(c))));

  // Reports.
  r.get("/reports", allow.signedIn, answers(reportResultSchema), validate({ query: reportQuerySchema }), async (c) => {
    const query = valid(c, reportQuerySchema);
    if (query.format === "json") return ok(c, await s.reports.preview(actorOf(c), query));
    const stream = await s.reports.csv(actorOf(c), query, metaOf(c));
    const day = new Date().toISOString().slice(0, 10);
    return c.body(stream, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachment(`report-${day}.csv`),
      "Cache-Control": "private, no-store",
    });
  });

  // Agreements.
  r.get("/agreements", allow.public, answers(z.array(agreementSchema)), validate({ query: placementQuery }), async (c) =>
    ok(c, await s.agreements.listPublic(valid(c, placementQuery).placement)));
  r.get("/agreements/pending", allow.signedIn, answers(z.array(agreementSchema)), async (c) => ok(c, await s.agreements.pending(actorOf(c))));
  r.post("/agreements/accept", allow.signedIn, answers(agreementsAcceptedSchema), validate({ json: acceptAgreementsSchema }), async (c) => {
    const { names } = valid(c, acceptAgreementsSchema);
    return ok(c, await s.agreements.accept(actorOf(c), names, metaOf(c)));
  });
  r.get("/admin/agreements", allow.roles("admin"), answers(z.array(agreementSchema)), async (c) => ok(c, await s.agreements.listAll()));
  r.post("/admin/agreements", allow.roles("admin"), answers(agreementSchema), validate({ form: agreementInputSchema }), async (c) =>
    ok(c, await s.agreements.save(actorOf(c), valid(c, agreementInputSchema), formFiles(c).file?.[0], metaOf(c))));
  r.get("/agreements/:name/pdf", allow.public, answersFile("application/pdf"), validate({ param: nameParam }), async (c) => {
    const blob = await s.agreements.pdf(c.get("actor"), valid(c, nameParam).name);
    c.header("Content-Type", "application/pdf");
    c.header("Content-Disposition", "inline");
    return c.body(blob.data as Uint8Array<ArrayBuffer>);
  });
  r.get("/agreements/:name", allow.public, answers(agreementSchema), validate({ param: nameParam }), async (c) =>
    ok(c, await s.agreements.get(c.get("actor"), valid(c, nameParam).name)));

  return r.app;
}
