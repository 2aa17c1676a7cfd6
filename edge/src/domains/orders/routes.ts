/** The orders' HTTP calls (02 §7 "Labs" to "E-prescribing and pharmacies", the orders lists); rules and access in the services. */
import type { Context } from "hono";
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { answers, answersFile } from "../../http/answers.ts";
import { idempotent } from "../../http/idempotency.ts";
import { attachment } from "../../http/download.ts";
import { listOf, ok } from "../../http/envelope.ts";
import { actorOf, jsonOrMultipart } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { formFiles, valid, validate } from "../../http/validate.ts";
import { badRequest } from "../../http/errors.ts";
import { searchAllergens } from "../../../../sync/data/allergens.ts";
import { searchLabTests } from "../../../../sync/data/lab-tests.ts";
import { medicationRefusal, searchMedications } from "../../../../sync/data/medications.ts";
import { searchPharmacies } from "../../../../sync/data/pharmacies.ts";
import {
  allergySearchSchema, BODY_PARTS, catalogueQuerySchema, CONTRAST, IMAGING_TYPES, LATERALITIES, doctorErxCheckSchema, imagingAttachmentDeleteSchema, imagingCreateSchema,
  imagingUpdateSchema, labCreateSchema, outsideErxSchema, labUpdateSchema, medicationQuerySchema, orderPageSchema, ordersQuerySchema,
  pharmacySearchSchema, preferredPharmacySchema, prescriptionCreateSchema, prescriptionListQuerySchema, prescriptionSendSchema,
  prescriptionUpdateSchema, referralCreateSchema, referralUpdateSchema,
} from "../../../../sync/schemas/orders.ts";
import {
  allergenSchema, erxCallbackAnswerSchema, erxProfileCheckSchema, erxStateSchema, imagingChoicesSchema, imagingSchema, labSchema,
  labTestSchema, medicationChoiceSchema, orderShareSchema, orderSummarySchema, outsideErxImportSchema, pharmacySchema,
  preferredPharmacyAnswerSchema, prescriptionSchema, referralSchema,
} from "../../../../sync/schemas/orders-answers.ts";
import { idResultSchema, listResultSchema } from "../../../../sync/envelope.ts";
import { ALLOWED_KINDS, CONTENT_TYPES } from "../../../../sync/files.ts";
import {
  labResultParamSchema,
  orderEncounterIdParamSchema,
  orderFileParamSchema,
  orderIdParamSchema,
  orderPatientIdParamSchema,
} from "../../../../sync/schemas/orders-params.ts";
import type { OrdersServices } from "./service.ts";

const careTeam = allow.approved("doctor", "vma");
const readers = allow.approved("doctor", "vma", "patient");

function fileResponse(c: Context, f: { meta: { contentType: string; name: string }; data: Uint8Array }) {
  return c.body(f.data as Uint8Array<ArrayBuffer>, 200, {
    "content-type": f.meta.contentType,
    "content-disposition": attachment(f.meta.name),
  });
}
/** Which attachment `DELETE /encounterImagings/attachment/{id}` removes: in the body or the query (two objects: one input each). */
const attachmentBodySchema = imagingAttachmentDeleteSchema.partial();
const attachmentQuerySchema = imagingAttachmentDeleteSchema.partial();
/** `POST /encounterImagings/list/{encounterId}` takes its page in a JSON body, with no other key. */
const orderPageBodySchema = orderPageSchema.strict();
/** The media types a stored order file can have (common.ts stores lab results as "note" files, imaging ones as "imaging"). */
const fileTypes = (purpose: "note" | "imaging") => ALLOWED_KINDS[purpose].map((k) => CONTENT_TYPES[k]);
const filesOf = (files: Record<string, File[]>) => [...(files.files ?? []), ...(files.documents ?? [])];

export function ordersRoutes(s: OrdersServices) {
  const r = createRouter();
  const { requests: q, prescriptions: rx, lists, pharmacy } = s;

  // ---- Orders lists
  r.get("/encounters/orders-list/:id", readers, answers(listResultSchema(orderSummarySchema)), validate({ param: orderIdParamSchema, query: orderPageSchema }), async (c) =>
    ok(c, await lists.ofEncounter(actorOf(c), valid(c, orderIdParamSchema).id, valid(c, orderPageSchema))));
  r.get("/orders", readers, answers(listResultSchema(orderSummarySchema)), validate({ query: ordersQuerySchema }), async (c) => {
    const input = valid(c, ordersQuerySchema);
    const { list, totalCount } = await lists.all(actorOf(c), input);
    return ok(c, listOf(list, input.offset, input.limit, totalCount));
  });

  // ---- Labs (under /encounterLabs)
  r.get("/encounterLabs/dropdown/list", careTeam, answers(z.array(labTestSchema)), validate({ query: catalogueQuerySchema }), (c) => {
    const input = valid(c, catalogueQuerySchema);
    return ok(c, searchLabTests(input.search, input.limit));
  });
  r.put("/encounterLabs/share/:id", careTeam, answers(orderShareSchema), validate({ param: orderIdParamSchema }), async (c) => ok(c, await q.shareLab(actorOf(c), valid(c, orderIdParamSchema).id)));
  r.put("/encounterLabs/unshare/:id", careTeam, answers(orderShareSchema), validate({ param: orderIdParamSchema }), async (c) => ok(c, await q.unshareLab(actorOf(c), valid(c, orderIdParamSchema).id)));
  r.post("/encounterLabs/share/with/patient/:id", careTeam, answers(orderShareSchema), validate({ param: orderIdParamSchema }), async (c) => ok(c, await q.shareLabWithPatient(actorOf(c), valid(c, orderIdParamSchema).id)));
  r.post("/encounterLabs/results/:id", careTeam, answers(labSchema, 201), validate({ param: orderIdParamSchema }), idempotent(), async (c) => {
    const { files } = await jsonOrMultipart(c);
    return ok(c, await q.addLabResults(actorOf(c), valid(c, orderIdParamSchema).id, filesOf(files)), 201);
  });
  r.get("/encounterLabs/:id/result/:resultId", readers, answersFile(...fileTypes("note")), validate({ param: labResultParamSchema }), async (c) => {
    const { id, resultId } = valid(c, labResultParamSchema);
    return fileResponse(c, await q.labFile(actorOf(c), id, resultId));
  });
  r.delete("/encounterLabs/:id/result/:resultId", careTeam, answers(labSchema), validate({ param: labResultParamSchema }), async (c) => {
    const { id, resultId } = valid(c, labResultParamSchema);
    return ok(c, await q.removeLabResult(actorOf(c), id, resultId));
  });
  r.get("/encounterLabs/list/:encounterId", readers, answers(z.array(labSchema)), validate({ param: orderEncounterIdParamSchema }), async (c) => ok(c, await q.labsOf(actorOf(c), valid(c, orderEncounterIdParamSchema).encounterId)));
  r.post("/encounterLabs/:encounterId", careTeam, answers(labSchema, 201), validate({ param: orderEncounterIdParamSchema, json: labCreateSchema }), idempotent(), async (c) =>
    ok(c, await q.createLab(actorOf(c), valid(c, orderEncounterIdParamSchema).encounterId, valid(c, labCreateSchema)), 201));
  r.put("/encounterLabs/:id", careTeam, answers(labSchema), validate({ param: orderIdParamSchema, json: labUpdateSchema }), async (c) =>
    ok(c, await q.updateLab(actorOf(c), valid(c, orderIdParamSchema).id, valid(c, labUpdateSchema))));
  r.get("/encounterLabs/:id", readers, answers(labSchema), validate({ param: orderIdParamSchema }), async (c) => ok(c, await q.getLab(actorOf(c), valid(c, orderIdParamSchema).id)));
  r.delete("/encounterLabs/:id", careTeam, answers(idResultSchema), validate({ param: orderIdParamSchema }), async (c) => ok(c, await q.removeLab(actorOf(c), valid(c, orderIdParamSchema).id)));

  // ---- Imaging (under /encounterImagings)
  r.get("/encounterImagings/list/dropdown", careTeam, answers(imagingChoicesSchema), (c) =>
    ok(c, { types: IMAGING_TYPES, bodyParts: BODY_PARTS, lateralities: LATERALITIES, contrast: CONTRAST }));
  r.post("/encounterImagings/list/:encounterId", readers, answers(listResultSchema(imagingSchema)), validate({ param: orderEncounterIdParamSchema, json: orderPageBodySchema }), async (c) => {
    const page = valid(c, orderPageBodySchema);
    const { list, totalCount } = await q.imagingsOf(actorOf(c), valid(c, orderEncounterIdParamSchema).encounterId, page);
    return ok(c, listOf(list, page.offset, page.limit, totalCount));
  });
  r.put("/encounterImagings/edit/:id", careTeam, answers(imagingSchema), validate({ param: orderIdParamSchema, json: imagingUpdateSchema }), async (c) =>
    ok(c, await q.updateImaging(actorOf(c), valid(c, orderIdParamSchema).id, valid(c, imagingUpdateSchema))));
  r.put("/encounterImagings/share/:id", careTeam, answers(orderShareSchema), validate({ param: orderIdParamSchema }), async (c) => ok(c, await q.shareImaging(actorOf(c), valid(c, orderIdParamSchema).id)));
  r.put("/encounterImagings/unshare/:id", careTeam, answers(orderShareSchema), validate({ param: orderIdParamSchema }), async (c) => ok(c, await q.unshareImaging(actorOf(c), valid(c, orderIdParamSchema).id)));
  r.post("/encounterImagings/share/with/patient/:id", careTeam, answers(orderShareSchema), validate({ param: orderIdParamSchema }), async (c) => ok(c, await q.shareImaging(actorOf(c), valid(c, orderIdParamSchema).id)));
  // The attachment id may come in the query or the body (the original client sends either; the body wins).
  r.delete("/encounterImagings/attachment/:id", careTeam, answers(imagingSchema),
    validate({ param: orderIdParamSchema, query: attachmentQuerySchema, json: attachmentBodySchema }), async (c) => {
      const attachmentId = valid(c, attachmentBodySchema).attachmentId ?? valid(c, attachmentQuerySchema).attachmentId;
      if (!attachmentId) {
        throw badRequest("Please correct the highlighted fields", { reason: "VALIDATION_FAILED", fields: { attachmentId: "Choose the file to remove" } });
      }
      return ok(c, await q.removeImagingFile(actorOf(c), valid(c, orderIdParamSchema).id, attachmentId));
    });
  r.put("/encounterImagings/upload/results/:id", careTeam, answers(imagingSchema), validate({ param: orderIdParamSchema }), async (c) => {
    const { files } = await jsonOrMultipart(c);
    return ok(c, await q.uploadImagingResults(actorOf(c), valid(c, orderIdParamSchema).id, filesOf(files)));
  });
  r.get("/encounterImagings/:id/files/:fileId", readers, answersFile(...fileTypes("imaging")), validate({ param: orderFileParamSchema }), async (c) => {
    const { id, fileId } = valid(c, orderFileParamSchema);
    return fileResponse(c, await q.imagingFile(actorOf(c), id, fileId));
  });
  r.post("/encounterImagings/:encounterId", careTeam, answers(imagingSchema, 201), validate({ param: orderEncounterIdParamSchema, form: imagingCreateSchema }), idempotent(), async (c) =>
    ok(c, await q.createImaging(actorOf(c), valid(c, orderEncounterIdParamSchema).encounterId, valid(c, imagingCreateSchema), filesOf(formFiles(c))), 201));
  r.delete("/encounterImagings/:id", careTeam, answers(idResultSchema), validate({ param: orderIdParamSchema }), async (c) => ok(c, await q.removeImaging(actorOf(c), valid(c, orderIdParamSchema).id)));

  // ---- Referrals
  r.put("/encounterReferrals/share/:id", careTeam, answers(orderShareSchema), validate({ param: orderIdParamSchema }), async (c) => ok(c, await q.shareReferral(actorOf(c), valid(c, orderIdParamSchema).id)));
  r.put("/encounterReferrals/unshare/:id", careTeam, answers(orderShareSchema), validate({ param: orderIdParamSchema }), async (c) => ok(c, await q.unshareReferral(actorOf(c), valid(c, orderIdParamSchema).id)));
  r.post("/encounterReferrals/:encounterId", careTeam, answers(referralSchema, 201), validate({ param: orderEncounterIdParamSchema, json: referralCreateSchema }), idempotent(), async (c) =>
    ok(c, await q.createReferral(actorOf(c), valid(c, orderEncounterIdParamSchema).encounterId, valid(c, referralCreateSchema)), 201));
  r.get("/encounterReferrals/:encounterId", readers, answers(listResultSchema(referralSchema)), validate({ param: orderEncounterIdParamSchema, query: orderPageSchema }), async (c) => {
    const page = valid(c, orderPageSchema);
    const { list, totalCount } = await q.referralsOf(actorOf(c), valid(c, orderEncounterIdParamSchema).encounterId, page);
    return ok(c, listOf(list, page.offset, page.limit, totalCount));
  });
  r.put("/encounterReferrals/:id", careTeam, answers(referralSchema), validate({ param: orderIdParamSchema, json: referralUpdateSchema }), async (c) =>
    ok(c, await q.updateReferral(actorOf(c), valid(c, orderIdParamSchema).id, valid(c, referralUpdateSchema))));
  r.delete("/encounterReferrals/:id", careTeam, answers(idResultSchema), validate({ param: orderIdParamSchema }), async (c) => ok(c, await q.removeReferral(actorOf(c), valid(c, orderIdParamSchema).id)));

  // ---- Prescriptions (under /encounterPrescriptions); writes are the doctor's (the access module says so too)
  r.get("/encounterPrescriptions/medications", careTeam, answers(z.array(medicationChoiceSchema)), validate({ query: medicationQuerySchema }), (c) => {
    const input = valid(c, medicationQuerySchema);
    return ok(c, searchMedications(input.search, input.limit).map((m) => ({ ...m, refusal: medicationRefusal(m) })));
  });
  r.get("/encounterPrescriptions/list/all/:patientId", readers, answers(listResultSchema(prescriptionSchema)), validate({ param: orderPatientIdParamSchema, query: prescriptionListQuerySchema }), async (c) => {
    const input = valid(c, prescriptionListQuerySchema);
    const { list, totalCount } = await rx.ofPatient(actorOf(c), valid(c, orderPatientIdParamSchema).patientId, input);
    return ok(c, listOf(list, input.offset, input.limit, totalCount));
  });
  r.get("/encounterPrescriptions/list/:encounterId", readers, answers(z.array(prescriptionSchema)), validate({ param: orderEncounterIdParamSchema }), async (c) => ok(c, await rx.ofEncounter(actorOf(c), valid(c, orderEncounterIdParamSchema).encounterId)));
  r.put("/encounterPrescriptions/send/:id", careTeam, answers(prescriptionSchema), validate({ param: orderIdParamSchema, json: prescriptionSendSchema }), async (c) =>
    ok(c, await rx.send(actorOf(c), valid(c, orderIdParamSchema).id, valid(c, prescriptionSendSchema))));
  r.post("/encounterPrescriptions/:encounterId", careTeam, answers(prescriptionSchema, 201), validate({ param: orderEncounterIdParamSchema, json: prescriptionCreateSchema }), idempotent(), async (c) =>
    ok(c, await rx.create(actorOf(c), valid(c, orderEncounterIdParamSchema).encounterId, valid(c, prescriptionCreateSchema)), 201));
  r.put("/encounterPrescriptions/:id", careTeam, answers(prescriptionSchema), validate({ param: orderIdParamSchema, json: prescriptionUpdateSchema }), async (c) =>
    ok(c, await rx.update(actorOf(c), valid(c, orderIdParamSchema).id, valid(c, prescriptionUpdateSchema))));
  r.get("/encounterPrescriptions/:id", readers, answers(prescriptionSchema), validate({ param: orderIdParamSchema }), async (c) => ok(c, await rx.get(actorOf(c), valid(c, orderIdParamSchema).id)));
  r.delete("/encounterPrescriptions/:id", careTeam, answers(idResultSchema), validate({ param: orderIdParamSchema }), async (c) => ok(c, await rx.remove(actorOf(c), valid(c, orderIdParamSchema).id)));

  // ---- E-prescribing, pharmacies, allergies
  r.get("/doctors/check/erx", careTeam, answers(erxProfileCheckSchema), validate({ query: doctorErxCheckSchema }), async (c) => {
    const { doctorId } = valid(c, doctorErxCheckSchema);
    return ok(c, await rx.checkDoctor(actorOf(c), doctorId));
  });
  r.post("/outsideEntries/erx", careTeam, answers(outsideErxImportSchema), validate({ json: outsideErxSchema }), async (c) =>
    ok(c, await rx.importOutside(actorOf(c), valid(c, outsideErxSchema))));
  r.post("/erx/callbacks", allow.public, answers(erxCallbackAnswerSchema), async (c) => {
    const raw = (await c.req.text()).slice(0, 64 * 1024);
    return ok(c, await rx.callback(raw, c.req.header("x-erx-signature") ?? null));
  });
  r.get("/erx/:id", careTeam, answers(erxStateSchema), validate({ param: orderIdParamSchema }), async (c) => ok(c, await rx.erxState(actorOf(c), valid(c, orderIdParamSchema).id)));
  r.get("/pharmacies", readers, answers(listResultSchema(pharmacySchema)), validate({ query: pharmacySearchSchema }), (c) => {
    const input = valid(c, pharmacySearchSchema);
    const { list, totalCount } = searchPharmacies(input);
    return ok(c, listOf(list, input.offset, input.limit, totalCount));
  });
  r.get("/patient/pharmacy/:id", readers, answers(preferredPharmacyAnswerSchema), validate({ param: orderIdParamSchema }), async (c) => ok(c, await pharmacy.get(actorOf(c), valid(c, orderIdParamSchema).id)));
  r.put("/patient/pharmacy/:id", readers, answers(preferredPharmacyAnswerSchema), validate({ param: orderIdParamSchema, json: preferredPharmacySchema }), async (c) => {
    const { pharmacyId } = valid(c, preferredPharmacySchema);
    return ok(c, await pharmacy.set(actorOf(c), valid(c, orderIdParamSchema).id, pharmacyId));
  });
  r.get("/allergies", readers, answers(z.array(allergenSchema)), validate({ query: allergySearchSchema }), (c) => ok(c, searchAllergens(valid(c, allergySearchSchema))));
  return r.app;
}
