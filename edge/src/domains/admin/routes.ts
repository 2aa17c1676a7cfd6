/**
 * HTTP for administration (01 §7 "Doctors, assistants, admins"; issue 18).
 * Mounted before the doctors' routes; `POST /doctors/{id}` (status change) and
 * `POST /doctors/review/{id}` are here, `GET /doctors/{id}` stays with doctors.
 */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, jsonBody, jsonOrMultipart, metaOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { parse } from "../../http/validate.ts";
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
  reviewsQuerySchema,
  reviewVisibilitySchema,
} from "../../../../sync/schemas/admin.ts";
import type { AdminServices } from "./service.ts";

const nameParam = z.object({ name: agreementNameSchema });
const placementQuery = z.object({ placement: z.enum(["signup", "footer", "all"]).default("all") });

export function adminRoutes(s: AdminServices) {
  const r = createRouter();

  // Dashboard, analytics.
  r.get("/admin/dashboard", allow.roles("admin"), async (c) => ok(c, await s.dashboard.figures()));
  r.get("/admin/analytics", allow.roles("admin"), async (c) => ok(c, await s.analytics.compute(parse(analyticsQuerySchema, c.req.query()))));

  // Applications and the doctor status change.
  r.get("/admin/applications", allow.roles("admin"), async (c) =>
    ok(c, await s.applications.list(parse(applicationsQuerySchema, c.req.query()))));
  r.get("/admin/applications/:id", allow.roles("admin"), async (c) =>
    ok(c, await s.applications.get(parse(idParamSchema, c.req.param()).id)));
  r.get("/admin/applications/:id/sign", allow.roles("admin"), async (c) => {
    const blob = await s.blobs.get(await s.applications.signatureBlobId(parse(idParamSchema, c.req.param()).id));
    if (!blob) return ok(c, null, 404);
    c.header("Content-Type", blob.contentType);
    c.header("Cache-Control", "private, no-store");
    return c.body(blob.data as Uint8Array<ArrayBuffer>);
  });
  r.post("/doctors/review/:id", allow.roles("patient"), async (c) => {
    const { id } = parse(idParamSchema, c.req.param());
    const input = parse(reviewSchema, await jsonBody(c));
    return ok(c, await s.reviews.create(actorOf(c), id, input, metaOf(c)), 201);
  });
  r.get("/doctors/review/:id", allow.roles("patient"), async (c) =>
    ok(c, await s.reviews.mine(actorOf(c), parse(idParamSchema, c.req.param()).id)));
  r.post("/doctors/:id", allow.roles("admin"), async (c) => {
    const { id } = parse(idParamSchema, c.req.param());
    const change = parse(doctorStatusChangeSchema, await jsonBody(c));
    return ok(c, await s.applications.changeStatus(actorOf(c), id, change, metaOf(c)));
  });

  // Admins (super admins only).
  r.get("/admins/list", allow.superAdmin, async (c) => ok(c, await s.admins.list(parse(adminsQuerySchema, c.req.query()))));
  r.post("/admins", allow.superAdmin, async (c) =>
    ok(c, await s.admins.create(actorOf(c), parse(createAdminSchema, await jsonBody(c)), metaOf(c)), 201));
  r.delete("/admins/byId/:id", allow.superAdmin, async (c) =>
    ok(c, await s.admins.remove(actorOf(c), parse(idParamSchema, c.req.param()).id, metaOf(c))));

  // The contact-us queue: where to answer a message.
  r.get("/admin/contactus/:id/chat", allow.roles("admin"), async (c) =>
    ok(c, await s.contactLinks.supportChatOf(parse(idParamSchema, c.req.param()).id)));

  // Reviews moderation.
  r.get("/admin/reviews", allow.roles("admin"), async (c) => ok(c, await s.reviews.list(parse(reviewsQuerySchema, c.req.query()))));
  r.put("/admin/reviews/:id", allow.roles("admin"), async (c) => {
    const { id } = parse(idParamSchema, c.req.param());
    const { hidden } = parse(reviewVisibilitySchema, await jsonBody(c));
    return ok(c, await s.reviews.setHidden(actorOf(c), id, hidden, metaOf(c)));
  });

  // Reports.
  r.get("/reports", allow.signedIn, async (c) => {
    const query = parse(reportQuerySchema, c.req.query());
    if (query.format === "json") return ok(c, await s.reports.preview(actorOf(c), query));
    const stream = await s.reports.csv(actorOf(c), query, metaOf(c));
    const day = new Date().toISOString().slice(0, 10);
    return c.body(stream, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="report-${day}.csv"`,
      "Cache-Control": "private, no-store",
    });
  });

  // Agreements.
  r.get("/agreements", allow.public, async (c) => ok(c, await s.agreements.listPublic(parse(placementQuery, c.req.query()).placement)));
  r.get("/agreements/pending", allow.signedIn, async (c) => ok(c, await s.agreements.pending(actorOf(c))));
  r.post("/agreements/accept", allow.signedIn, async (c) => {
    const { names } = parse(acceptAgreementsSchema, await jsonBody(c));
    return ok(c, await s.agreements.accept(actorOf(c), names, metaOf(c)));
  });
  r.get("/admin/agreements", allow.roles("admin"), async (c) => ok(c, await s.agreements.listAll()));
  r.post("/admin/agreements", allow.roles("admin"), async (c) => {
    const { fields, files } = await jsonOrMultipart(c);
    const input = parse(agreementInputSchema, fields);
    return ok(c, await s.agreements.save(actorOf(c), input, files.file?.[0], metaOf(c)));
  });
  r.get("/agreements/:name/pdf", allow.public, async (c) => {
    const blob = await s.agreements.pdf(c.get("actor"), parse(nameParam, c.req.param()).name);
    c.header("Content-Type", "application/pdf");
    c.header("Content-Disposition", "inline");
    return c.body(blob.data as Uint8Array<ArrayBuffer>);
  });
  r.get("/agreements/:name", allow.public, async (c) => ok(c, await s.agreements.get(c.get("actor"), parse(nameParam, c.req.param()).name)));

  return r.app;
}
