/** The orders' HTTP calls (02 §7 "Labs" to "E-prescribing and pharmacies", the orders lists); rules and access in the services. */
import type { Context } from "hono";
import { allow } from "../../access/policy.ts";
import { listOf, ok } from "../../http/envelope.ts";
import { actorOf, jsonBody, jsonOrMultipart } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { formFiles, parse, valid, validate } from "../../http/validate.ts";
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
import type { OrdersServices } from "./service.ts";

const param = (c: Context, name: string): string => c.req.param(name) ?? "";
const careTeam = allow.approved("doctor", "vma");
const readers = allow.approved("doctor", "vma", "patient");

function fileResponse(c: Context, f: { meta: { contentType: string; name: string }; data: Uint8Array }) {
  return c.body(f.data as Uint8Array<ArrayBuffer>, 200, {
    "content-type": f.meta.contentType,
    "content-disposition": `attachment; filename="${encodeURIComponent(f.meta.name)}"`,
  });
}
/** `POST /encounterImagings/list/{encounterId}` takes its page in a JSON body, with no other key. */
const orderPageBodySchema = orderPageSchema.strict();
const filesOf = (files: Record<string, File[]>) => [...(files.files ?? []), ...(files.documents ?? [])];

export function ordersRoutes(s: OrdersServices) {
  const r = createRouter();
  const { requests: q, prescriptions: rx, lists, pharmacy } = s;

  // ---- Orders lists
  r.get("/encounters/orders-list/:id", readers, validate({ query: orderPageSchema }), async (c) =>
    ok(c, await lists.ofEncounter(actorOf(c), param(c, "id"), valid(c, orderPageSchema))));
  r.get("/orders", readers, validate({ query: ordersQuerySchema }), async (c) => {
    const input = valid(c, ordersQuerySchema);
    const { list, totalCount } = await lists.all(actorOf(c), input);
    return ok(c, listOf(list, input.offset, input.limit, totalCount));
  });

  // ---- Labs (under /encounterLabs)
  r.get("/encounterLabs/dropdown/list", careTeam, validate({ query: catalogueQuerySchema }), (c) => {
    const input = valid(c, catalogueQuerySchema);
    return ok(c, searchLabTests(input.search, input.limit));
  });
  r.put("/encounterLabs/share/:id", careTeam, async (c) => ok(c, await q.shareLab(actorOf(c), param(c, "id"))));
  r.put("/encounterLabs/unshare/:id", careTeam, async (c) => ok(c, await q.unshareLab(actorOf(c), param(c, "id"))));
  r.post("/encounterLabs/share/with/patient/:id", careTeam, async (c) => ok(c, await q.shareLabWithPatient(actorOf(c), param(c, "id"))));
  r.post("/encounterLabs/results/:id", careTeam, async (c) => {
    const { files } = await jsonOrMultipart(c);
    return ok(c, await q.addLabResults(actorOf(c), param(c, "id"), filesOf(files)), 201);
  });
  r.get("/encounterLabs/:id/result/:resultId", readers, async (c) =>
    fileResponse(c, await q.labFile(actorOf(c), param(c, "id"), param(c, "resultId"))));
  r.delete("/encounterLabs/:id/result/:resultId", careTeam, async (c) =>
    ok(c, await q.removeLabResult(actorOf(c), param(c, "id"), param(c, "resultId"))));
  r.get("/encounterLabs/list/:encounterId", readers, async (c) => ok(c, await q.labsOf(actorOf(c), param(c, "encounterId"))));
  r.post("/encounterLabs/:encounterId", careTeam, validate({ json: labCreateSchema }), async (c) =>
    ok(c, await q.createLab(actorOf(c), param(c, "encounterId"), valid(c, labCreateSchema)), 201));
  r.put("/encounterLabs/:id", careTeam, validate({ json: labUpdateSchema }), async (c) =>
    ok(c, await q.updateLab(actorOf(c), param(c, "id"), valid(c, labUpdateSchema))));
  r.get("/encounterLabs/:id", readers, async (c) => ok(c, await q.getLab(actorOf(c), param(c, "id"))));
  r.delete("/encounterLabs/:id", careTeam, async (c) => ok(c, await q.removeLab(actorOf(c), param(c, "id"))));

  // ---- Imaging (under /encounterImagings)
  r.get("/encounterImagings/list/dropdown", careTeam, (c) =>
    ok(c, { types: IMAGING_TYPES, bodyParts: BODY_PARTS, lateralities: LATERALITIES, contrast: CONTRAST }));
  r.post("/encounterImagings/list/:encounterId", readers, validate({ json: orderPageBodySchema }), async (c) => {
    const page = valid(c, orderPageBodySchema);
    const { list, totalCount } = await q.imagingsOf(actorOf(c), param(c, "encounterId"), page);
    return ok(c, listOf(list, page.offset, page.limit, totalCount));
  });
  r.put("/encounterImagings/edit/:id", careTeam, validate({ json: imagingUpdateSchema }), async (c) =>
    ok(c, await q.updateImaging(actorOf(c), param(c, "id"), valid(c, imagingUpdateSchema))));
  r.put("/encounterImagings/share/:id", careTeam, async (c) => ok(c, await q.shareImaging(actorOf(c), param(c, "id"))));
  r.put("/encounterImagings/unshare/:id", careTeam, async (c) => ok(c, await q.unshareImaging(actorOf(c), param(c, "id"))));
  r.post("/encounterImagings/share/with/patient/:id", careTeam, async (c) => ok(c, await q.shareImaging(actorOf(c), param(c, "id"))));
  // The attachment id may come in the query or the body (the original client sends either): read here, not declared.
  r.delete("/encounterImagings/attachment/:id", careTeam, async (c) => {
    const { attachmentId } = parse(imagingAttachmentDeleteSchema, { ...c.req.query(), ...(await jsonBody(c) as object) });
    return ok(c, await q.removeImagingFile(actorOf(c), param(c, "id"), attachmentId));
  });
  r.put("/encounterImagings/upload/results/:id", careTeam, async (c) => {
    const { files } = await jsonOrMultipart(c);
    return ok(c, await q.uploadImagingResults(actorOf(c), param(c, "id"), filesOf(files)));
  });
  r.get("/encounterImagings/:id/files/:fileId", readers, async (c) =>
    fileResponse(c, await q.imagingFile(actorOf(c), param(c, "id"), param(c, "fileId"))));
  r.post("/encounterImagings/:encounterId", careTeam, validate({ form: imagingCreateSchema }), async (c) =>
    ok(c, await q.createImaging(actorOf(c), param(c, "encounterId"), valid(c, imagingCreateSchema), filesOf(formFiles(c))), 201));
  r.delete("/encounterImagings/:id", careTeam, async (c) => ok(c, await q.removeImaging(actorOf(c), param(c, "id"))));

  // ---- Referrals
  r.put("/encounterReferrals/share/:id", careTeam, async (c) => ok(c, await q.shareReferral(actorOf(c), param(c, "id"))));
  r.put("/encounterReferrals/unshare/:id", careTeam, async (c) => ok(c, await q.unshareReferral(actorOf(c), param(c, "id"))));
  r.post("/encounterReferrals/:encounterId", careTeam, validate({ json: referralCreateSchema }), async (c) =>
    ok(c, await q.createReferral(actorOf(c), param(c, "encounterId"), valid(c, referralCreateSchema)), 201));
  r.get("/encounterReferrals/:encounterId", readers, validate({ query: orderPageSchema }), async (c) => {
    const page = valid(c, orderPageSchema);
    const { list, totalCount } = await q.referralsOf(actorOf(c), param(c, "encounterId"), page);
    return ok(c, listOf(list, page.offset, page.limit, totalCount));
  });
  r.put("/encounterReferrals/:id", careTeam, validate({ json: referralUpdateSchema }), async (c) =>
    ok(c, await q.updateReferral(actorOf(c), param(c, "id"), valid(c, referralUpdateSchema))));
  r.delete("/encounterReferrals/:id", careTeam, async (c) => ok(c, await q.removeReferral(actorOf(c), param(c, "id"))));

  // ---- Prescriptions (under /encounterPrescriptions); writes are the doctor's (the access module says so too)
  r.get("/encounterPrescriptions/medications", careTeam, validate({ query: medicationQuerySchema }), (c) => {
    const input = valid(c, medicationQuerySchema);
    return ok(c, searchMedications(input.search, input.limit).map((m) => ({ ...m, refusal: medicationRefusal(m) })));
  });
  r.get("/encounterPrescriptions/list/all/:patientId", readers, validate({ query: prescriptionListQuerySchema }), async (c) => {
    const input = valid(c, prescriptionListQuerySchema);
    const { list, totalCount } = await rx.ofPatient(actorOf(c), param(c, "patientId"), input);
    return ok(c, listOf(list, input.offset, input.limit, totalCount));
  });
  r.get("/encounterPrescriptions/list/:encounterId", readers, async (c) => ok(c, await rx.ofEncounter(actorOf(c), param(c, "encounterId"))));
  r.put("/encounterPrescriptions/send/:id", careTeam, validate({ json: prescriptionSendSchema }), async (c) =>
    ok(c, await rx.send(actorOf(c), param(c, "id"), valid(c, prescriptionSendSchema))));
  r.post("/encounterPrescriptions/:encounterId", careTeam, validate({ json: prescriptionCreateSchema }), async (c) =>
    ok(c, await rx.create(actorOf(c), param(c, "encounterId"), valid(c, prescriptionCreateSchema)), 201));
  r.put("/encounterPrescriptions/:id", careTeam, validate({ json: prescriptionUpdateSchema }), async (c) =>
    ok(c, await rx.update(actorOf(c), param(c, "id"), valid(c, prescriptionUpdateSchema))));
  r.get("/encounterPrescriptions/:id", readers, async (c) => ok(c, await rx.get(actorOf(c), param(c, "id"))));
  r.delete("/encounterPrescriptions/:id", careTeam, async (c) => ok(c, await rx.remove(actorOf(c), param(c, "id"))));

  // ---- E-prescribing, pharmacies, allergies
  r.get("/doctors/check/erx", careTeam, validate({ query: doctorErxCheckSchema }), async (c) => {
    const { doctorId } = valid(c, doctorErxCheckSchema);
    return ok(c, await rx.checkDoctor(actorOf(c), doctorId));
  });
  r.post("/outsideEntries/erx", careTeam, validate({ json: outsideErxSchema }), async (c) =>
    ok(c, await rx.importOutside(actorOf(c), valid(c, outsideErxSchema))));
  r.post("/erx/callbacks", allow.public, async (c) => {
    const raw = (await c.req.text()).slice(0, 64 * 1024);
    return ok(c, await rx.callback(raw, c.req.header("x-erx-signature") ?? null));
  });
  r.get("/erx/:id", careTeam, async (c) => ok(c, await rx.erxState(actorOf(c), param(c, "id"))));
  r.get("/pharmacies", readers, validate({ query: pharmacySearchSchema }), (c) => {
    const input = valid(c, pharmacySearchSchema);
    const { list, totalCount } = searchPharmacies(input);
    return ok(c, listOf(list, input.offset, input.limit, totalCount));
  });
  r.get("/patient/pharmacy/:id", readers, async (c) => ok(c, await pharmacy.get(actorOf(c), param(c, "id"))));
  r.put("/patient/pharmacy/:id", readers, validate({ json: preferredPharmacySchema }), async (c) => {
    const { pharmacyId } = valid(c, preferredPharmacySchema);
    return ok(c, await pharmacy.set(actorOf(c), param(c, "id"), pharmacyId));
  });
  r.get("/allergies", readers, validate({ query: allergySearchSchema }), (c) => ok(c, searchAllergens(valid(c, allergySearchSchema))));
  return r.app;
}
