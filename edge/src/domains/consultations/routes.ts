/**
 * HTTP for consultations (01 §7 "Consultations"). Static paths come before
 * `/consultations/:id` so they win the match.
 */
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, jsonBody } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { parse } from "../../http/validate.ts";
import { idParamSchema } from "../../../../sync/schemas/auth.ts";
import {
  bookConsultationSchema,
  consultationListQuerySchema,
  nearestQuerySchema,
  reasonBodySchema,
  rescheduleQuerySchema,
} from "../../../../sync/schemas/consultation.ts";
import { intakeAnswersInputSchema } from "../../../../sync/schemas/intake-form.ts";
import type { ConsultationsService } from "./service.ts";

export function consultationsRoutes(consultations: ConsultationsService) {
  const r = createRouter();
  const idOf = (params: Record<string, string>) => parse(idParamSchema, params).id;

  r.post("/consultations", allow.roles("patient"), async (c) => {
    const input = parse(bookConsultationSchema, await jsonBody(c));
    return ok(c, await consultations.book(actorOf(c), input), 201);
  });

  r.get("/consultations", allow.signedIn, async (c) => {
    return ok(c, await consultations.list(actorOf(c), parse(consultationListQuerySchema, c.req.query())));
  });

  r.get("/consultations/nearest", allow.signedIn, async (c) => {
    const { doctorId } = parse(nearestQuerySchema, c.req.query());
    return ok(c, await consultations.nearest(actorOf(c), doctorId));
  });

  r.put("/consultations/accept/:id", allow.approved("doctor", "vma"), async (c) => {
    return ok(c, await consultations.accept(actorOf(c), idOf(c.req.param())));
  });

  r.put("/consultations/decline/:id", allow.approved("doctor", "vma"), async (c) => {
    const id = idOf(c.req.param());
    const { reason } = parse(reasonBodySchema, await jsonBody(c));
    return ok(c, await consultations.decline(actorOf(c), id, reason));
  });

  r.put("/consultations/reschedule/:id", allow.approved("doctor", "vma"), async (c) => {
    const id = idOf(c.req.param());
    const { startAt } = parse(rescheduleQuerySchema, c.req.query());
    return ok(c, await consultations.reschedule(actorOf(c), id, startAt));
  });

  r.get("/consultations/intakeForm/:id", allow.signedIn, async (c) => {
    return ok(c, await consultations.intakeForm(actorOf(c), idOf(c.req.param())));
  });

  r.put("/consultations/intakeForm/:id", allow.roles("patient"), async (c) => {
    const id = idOf(c.req.param());
    const input = parse(intakeAnswersInputSchema, await jsonBody(c));
    return ok(c, await consultations.updateIntakeForm(actorOf(c), id, input));
  });

  r.get("/consultations/:id/access", allow.signedIn, async (c) => {
    return ok(c, await consultations.access(actorOf(c), idOf(c.req.param())));
  });

  r.get("/consultations/:id", allow.signedIn, async (c) => {
    return ok(c, await consultations.get(actorOf(c), idOf(c.req.param())));
  });

  // Cancel (01 §7: `POST /consultations/{id}` with a reason).
  r.post("/consultations/:id", allow.signedIn, async (c) => {
    const id = idOf(c.req.param());
    const { reason } = parse(reasonBodySchema, await jsonBody(c));
    return ok(c, await consultations.cancel(actorOf(c), id, reason));
  });

  return r.app;
}
