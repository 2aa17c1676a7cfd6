/**
 * HTTP for consultations (01 §7 "Consultations"). Static paths come before
 * `/consultations/:id` so they win the match.
 */
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { valid, validate } from "../../http/validate.ts";
import { answers } from "../../http/answers.ts";
import { idempotent } from "../../http/idempotency.ts";
import { listResultSchema } from "../../../../sync/envelope.ts";
import { idParamSchema } from "../../../../sync/schemas/auth.ts";
import {
  bookConsultationSchema,
  consultationAccessSchema,
  consultationListQuerySchema,
  consultationSchema,
  nearestConsultationSchema,
  nearestQuerySchema,
  declineBodySchema,
  reasonBodySchema,
  rescheduleQuerySchema,
} from "../../../../sync/schemas/consultation.ts";
import { consultationIntakeFormSchema, intakeAnswersInputSchema } from "../../../../sync/schemas/intake-form.ts";
import type { ConsultationsService } from "./service.ts";

export function consultationsRoutes(consultations: ConsultationsService) {
  const r = createRouter();

  r.post("/consultations", allow.roles("patient"), answers(consultationSchema, 201), validate({ json: bookConsultationSchema }), idempotent(), async (c) => {
    const input = valid(c, bookConsultationSchema);
    return ok(c, await consultations.book(actorOf(c), input), 201);
  });

  r.get("/consultations", allow.signedIn, answers(listResultSchema(consultationSchema)), validate({ query: consultationListQuerySchema }), async (c) => {
    return ok(c, await consultations.list(actorOf(c), valid(c, consultationListQuerySchema)));
  });

  r.get("/consultations/nearest", allow.signedIn, answers(nearestConsultationSchema), validate({ query: nearestQuerySchema }), async (c) => {
    const { doctorId } = valid(c, nearestQuerySchema);
    return ok(c, await consultations.nearest(actorOf(c), doctorId));
  });

  r.put("/consultations/accept/:id", allow.approved("doctor", "vma"), answers(consultationSchema), validate({ param: idParamSchema }), async (c) => {
    return ok(c, await consultations.accept(actorOf(c), valid(c, idParamSchema).id));
  });

  r.put("/consultations/decline/:id", allow.approved("doctor", "vma"), answers(consultationSchema), validate({ param: idParamSchema, json: declineBodySchema }), async (c) => {
    const id = valid(c, idParamSchema).id;
    const { reason } = valid(c, declineBodySchema);
    return ok(c, await consultations.decline(actorOf(c), id, reason));
  });

  r.put("/consultations/reschedule/:id", allow.approved("doctor", "vma"), answers(consultationSchema), validate({ param: idParamSchema, query: rescheduleQuerySchema }), async (c) => {
    const id = valid(c, idParamSchema).id;
    const { startAt } = valid(c, rescheduleQuerySchema);
    return ok(c, await consultations.reschedule(actorOf(c), id, startAt));
  });

  r.get("/consultations/intakeForm/:id", allow.signedIn, answers(consultationIntakeFormSchema), validate({ param: idParamSchema }), async (c) => {
    return ok(c, await consultations.intakeForm(actorOf(c), valid(c, idParamSchema).id));
  });

  r.put("/consultations/intakeForm/:id", allow.roles("patient"), answers(consultationIntakeFormSchema), validate({ param: idParamSchema, json: intakeAnswersInputSchema }), async (c) => {
    const id = valid(c, idParamSchema).id;
    const input = valid(c, intakeAnswersInputSchema);
    return ok(c, await consultations.updateIntakeForm(actorOf(c), id, input));
  });

  r.get("/consultations/:id/access", allow.signedIn, answers(consultationAccessSchema), validate({ param: idParamSchema }), async (c) => {
    return ok(c, await consultations.access(actorOf(c), valid(c, idParamSchema).id));
  });

  r.get("/consultations/:id", allow.signedIn, answers(consultationSchema), validate({ param: idParamSchema }), async (c) => {
    return ok(c, await consultations.get(actorOf(c), valid(c, idParamSchema).id));
  });

  // Cancel (01 §7: `POST /consultations/{id}` with a reason).
  r.post("/consultations/:id", allow.signedIn, answers(consultationSchema), validate({ param: idParamSchema, json: reasonBodySchema }), async (c) => {
    const id = valid(c, idParamSchema).id;
    const { reason } = valid(c, reasonBodySchema);
    return ok(c, await consultations.cancel(actorOf(c), id, reason));
  });

  return r.app;
}
