/** The chart's HTTP calls (02 §7 "Patients" to "Vitals"); rules and access live in the services. */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { listOf, ok } from "../../http/envelope.ts";
import { actorOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { formFiles, valid, validate } from "../../http/validate.ts";
import { searchIcd10 } from "../../../../sync/data/icd10.ts";
import {
  diagnosisCreateSchema,
  diagnosisDropdownQuerySchema,
  diagnosisSchema,
  diagnosisUpdateSchema,
  icd10EntrySchema,
} from "../../../../sync/schemas/diagnosis.ts";
import {
  encounterCreateSchema,
  encounterCreatorSchema,
  encounterCreatorsQuerySchema,
  encounterDownloadSchema,
  encounterDropdownItemSchema,
  encounterDropdownQuerySchema,
  encounterListQuerySchema,
  encounterSchema,
  encounterUpdateSchema,
  pageQuerySchema,
} from "../../../../sync/schemas/encounter.ts";
import { INTAKE_INPUT_TYPES } from "../../../../sync/schemas/intake-form.ts";
import { noteCreateSchema, noteSchema, noteUpdateSchema } from "../../../../sync/schemas/note.ts";
import { noteTypeCreateSchema, noteTypeDropdownItemSchema, noteTypeSchema } from "../../../../sync/schemas/note-type.ts";
import {
  chartCardSchema,
  chartPatientSchema,
  doctorPatientsListSchema,
  erxCheckSchema,
  patientChartSchema,
  patientCreateSchema,
  patientDetachedSchema,
  patientGeneralSchema,
  recordDeleteSchema,
  patientContactSchema,
  recordAddSchema,
  recordEditSchema,
} from "../../../../sync/schemas/patient-record.ts";
import { problemCreateSchema, problemSchema } from "../../../../sync/schemas/problem.ts";
import { idResultSchema, listResultSchema } from "../../../../sync/envelope.ts";
import { ALLOWED_KINDS, CONTENT_TYPES } from "../../../../sync/files.ts";
import { answers, answersFile } from "../../http/answers.ts";
import { idempotent } from "../../http/idempotency.ts";
import { attachment } from "../../http/download.ts";
import {
  VITALS_FIELDS,
  vitalsCreateSchema,
  vitalsFieldSchema,
  vitalsImportResultSchema,
  vitalsImportSchema,
  vitalsImportsPossibleSchema,
  vitalsQuerySchema,
  vitalsSchema,
} from "../../../../sync/schemas/vitals.ts";
import {
  chartEncounterIdParamSchema,
  chartIdParamSchema,
  chartPatientIdParamSchema,
  noteFileParamSchema,
} from "../../../../sync/schemas/chart-params.ts";
import type { ChartServices } from "./service.ts";

/** What a note's file can be: the kinds a note takes, recognised from their content (sync/files.ts). */
const NOTE_FILE_TYPES = ALLOWED_KINDS.note.map((kind) => CONTENT_TYPES[kind]);

/** The diagnoses list takes its page in a JSON body, with no other field. */
const strictPageSchema = pageQuerySchema.strict();

const careTeam = allow.approved("doctor", "vma");
/** Reads: the care team, and the patient for their own shared record. Admins see no clinical content. */
const readers = allow.approved("doctor", "vma", "patient");

export function chartRoutes(s: ChartServices) {
  const r = createRouter();
  const { patients, encounters, notes, findings, vitals } = s;

  // ---- Patients
  r.post("/doctorPatients/list", careTeam, answers(listResultSchema(chartPatientSchema)), validate({ json: doctorPatientsListSchema }), async (c) => {
    const q = valid(c, doctorPatientsListSchema);
    const { list, totalCount } = await patients.list(actorOf(c), q);
    return ok(c, listOf(list, q.offset, q.limit, totalCount));
  });
  r.post("/patient", careTeam, answers(chartPatientSchema, 201), validate({ json: patientCreateSchema }), idempotent(), async (c) => ok(c, await patients.create(actorOf(c), valid(c, patientCreateSchema)), 201));
  r.get("/patient/check/erx/:id", careTeam, answers(erxCheckSchema), validate({ param: chartIdParamSchema }), async (c) => ok(c, await patients.checkErx(actorOf(c), valid(c, chartIdParamSchema).id)));
  r.put("/patient/edit/general/:id", careTeam, answers(chartPatientSchema), validate({ param: chartIdParamSchema, json: patientGeneralSchema }), async (c) =>
    ok(c, await patients.editGeneral(actorOf(c), valid(c, chartIdParamSchema).id, valid(c, patientGeneralSchema))));
  r.post("/patient/edit-record/:id", careTeam, answers(chartCardSchema), validate({ param: chartIdParamSchema, json: recordEditSchema }), async (c) =>
    ok(c, await patients.editRecord(actorOf(c), valid(c, chartIdParamSchema).id, valid(c, recordEditSchema))));
  r.post("/patient/delete-record/:id", careTeam, answers(chartCardSchema), validate({ param: chartIdParamSchema, json: recordDeleteSchema }), async (c) =>
    ok(c, await patients.deleteRecord(actorOf(c), valid(c, chartIdParamSchema).id, valid(c, recordDeleteSchema))));
  r.get("/patient/:id", readers, answers(patientChartSchema), validate({ param: chartIdParamSchema }), async (c) => ok(c, await patients.get(actorOf(c), valid(c, chartIdParamSchema).id)));
  r.put("/patient/:id", careTeam, answers(chartPatientSchema), validate({ param: chartIdParamSchema, json: patientContactSchema }), async (c) =>
    ok(c, await patients.editContact(actorOf(c), valid(c, chartIdParamSchema).id, valid(c, patientContactSchema))));
  r.post("/patient/:id", careTeam, answers(chartCardSchema, 201), validate({ param: chartIdParamSchema, json: recordAddSchema }), idempotent(), async (c) =>
    ok(c, await patients.editRecord(actorOf(c), valid(c, chartIdParamSchema).id, valid(c, recordAddSchema)), 201));
  r.delete("/patient/:id", careTeam, answers(patientDetachedSchema), validate({ param: chartIdParamSchema }), async (c) => ok(c, await patients.detach(actorOf(c), valid(c, chartIdParamSchema).id)));

  // ---- Encounters
  r.get("/doctors/encounter/creators", readers, answers(z.array(encounterCreatorSchema)), validate({ query: encounterCreatorsQuerySchema }), async (c) => {
    const { patientId } = valid(c, encounterCreatorsQuerySchema);
    return ok(c, await encounters.creators(actorOf(c), patientId));
  });
  r.get("/encounters/dropdown/:id", readers, answers(z.array(encounterDropdownItemSchema)), validate({ param: chartIdParamSchema, query: encounterDropdownQuerySchema }), async (c) =>
    ok(c, await encounters.dropdown(actorOf(c), valid(c, chartIdParamSchema).id, valid(c, encounterDropdownQuerySchema))));
  // GET /encounters/orders-list/:id is the orders domain's (domains/orders/routes.ts).
  r.get("/encounters/:patientId/list", readers, answers(listResultSchema(encounterSchema)), validate({ param: chartPatientIdParamSchema, query: encounterListQuerySchema }), async (c) => {
    const q = valid(c, encounterListQuerySchema);
    const { list, totalCount } = await encounters.list(actorOf(c), valid(c, chartPatientIdParamSchema).patientId, q);
    return ok(c, listOf(list, q.offset, q.limit, totalCount));
  });
  r.get("/encounters/:id", readers, answers(encounterSchema), validate({ param: chartIdParamSchema }), async (c) => ok(c, await encounters.get(actorOf(c), valid(c, chartIdParamSchema).id)));
  r.post("/encounters/download/:id", readers, answersFile("application/pdf"), validate({ param: chartIdParamSchema, json: encounterDownloadSchema }), async (c) => {
    const { id } = valid(c, chartIdParamSchema);
    const pdf = await encounters.download(actorOf(c), id, valid(c, encounterDownloadSchema));
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "application/pdf",
      "content-disposition": attachment(`encounter-${id}.pdf`),
    });
  });
  r.post("/encounters/send/:id", careTeam, answers(encounterSchema), validate({ param: chartIdParamSchema }), async (c) => ok(c, await encounters.send(actorOf(c), valid(c, chartIdParamSchema).id)));
  r.post("/encounters/send-all/:id", careTeam, answers(encounterSchema), validate({ param: chartIdParamSchema }), async (c) => ok(c, await encounters.sendAll(actorOf(c), valid(c, chartIdParamSchema).id)));
  r.post("/encounters/:patientId", careTeam, answers(encounterSchema, 201), validate({ param: chartPatientIdParamSchema, json: encounterCreateSchema }), idempotent(), async (c) =>
    ok(c, await encounters.create(actorOf(c), valid(c, chartPatientIdParamSchema).patientId, valid(c, encounterCreateSchema)), 201));
  r.put("/encounters/:id", careTeam, answers(encounterSchema), validate({ param: chartIdParamSchema, json: encounterUpdateSchema }), async (c) =>
    ok(c, await encounters.update(actorOf(c), valid(c, chartIdParamSchema).id, valid(c, encounterUpdateSchema))));
  r.delete("/encounters/:id", careTeam, answers(idResultSchema), validate({ param: chartIdParamSchema }), async (c) => ok(c, await encounters.remove(actorOf(c), valid(c, chartIdParamSchema).id)));

  // ---- Note types and notes
  r.post("/noteTypes", careTeam, answers(noteTypeSchema, 201), validate({ json: noteTypeCreateSchema }), idempotent(), async (c) => ok(c, await notes.createType(actorOf(c), valid(c, noteTypeCreateSchema)), 201));
  r.get("/noteTypes/list", careTeam, answers(z.array(noteTypeSchema)), async (c) => ok(c, await notes.listTypes(actorOf(c))));
  r.get("/noteTypes/list/dropdown/:id", careTeam, answers(z.array(noteTypeDropdownItemSchema)), validate({ param: chartIdParamSchema }), async (c) => ok(c, await notes.typeDropdown(actorOf(c), valid(c, chartIdParamSchema).id)));
  r.delete("/noteTypes/:id", careTeam, answers(idResultSchema), validate({ param: chartIdParamSchema }), async (c) => ok(c, await notes.removeType(actorOf(c), valid(c, chartIdParamSchema).id)));

  r.post("/encounterNotes/:encounterId", careTeam, answers(noteSchema, 201), validate({ param: chartEncounterIdParamSchema, form: noteCreateSchema }), idempotent(), async (c) => {
    const input = valid(c, noteCreateSchema);
    return ok(c, await notes.create(actorOf(c), valid(c, chartEncounterIdParamSchema).encounterId, input, formFiles(c).files ?? []), 201);
  });
  r.put("/encounterNotes/edit/:id", careTeam, answers(noteSchema), validate({ param: chartIdParamSchema, form: noteUpdateSchema }), async (c) => {
    const input = valid(c, noteUpdateSchema);
    return ok(c, await notes.update(actorOf(c), valid(c, chartIdParamSchema).id, input, formFiles(c).files ?? []));
  });
  r.get("/encounterNotes/:id/list", readers, answers(listResultSchema(noteSchema)), validate({ param: chartIdParamSchema, query: pageQuerySchema }), async (c) => {
    const q = valid(c, pageQuerySchema);
    const { list, totalCount } = await notes.list(actorOf(c), valid(c, chartIdParamSchema).id, q);
    return ok(c, listOf(list, q.offset, q.limit, totalCount));
  });
  r.get("/encounterNotes/:id/files/:fileId", readers, answersFile(...NOTE_FILE_TYPES), validate({ param: noteFileParamSchema }), async (c) => {
    const { id, fileId } = valid(c, noteFileParamSchema);
    const { meta, data } = await notes.file(actorOf(c), id, fileId);
    return c.body(data as Uint8Array<ArrayBuffer>, 200, {
      "content-type": meta.contentType,
      "content-disposition": attachment(meta.name),
    });
  });
  r.put("/encounterNotes/share/:id", careTeam, answers(noteSchema), validate({ param: chartIdParamSchema }), async (c) => ok(c, await notes.share(actorOf(c), valid(c, chartIdParamSchema).id)));
  r.put("/encounterNotes/unshare/:id", careTeam, answers(noteSchema), validate({ param: chartIdParamSchema }), async (c) => ok(c, await notes.unshare(actorOf(c), valid(c, chartIdParamSchema).id)));
  r.delete("/encounterNotes/:id", careTeam, answers(idResultSchema), validate({ param: chartIdParamSchema }), async (c) => ok(c, await notes.remove(actorOf(c), valid(c, chartIdParamSchema).id)));

  // ---- Diagnoses
  r.get("/diagnoses/list/dropdown", careTeam, answers(z.array(icd10EntrySchema)), validate({ query: diagnosisDropdownQuerySchema }), (c) => {
    const q = valid(c, diagnosisDropdownQuerySchema);
    return ok(c, searchIcd10(q.search, q.limit));
  });
  r.post("/diagnoses/list/:encounterId", readers, answers(listResultSchema(diagnosisSchema)), validate({ param: chartEncounterIdParamSchema, json: strictPageSchema }), async (c) => {
    const q = valid(c, strictPageSchema);
    const { list, totalCount } = await findings.listDiagnoses(actorOf(c), valid(c, chartEncounterIdParamSchema).encounterId, q);
    return ok(c, listOf(list, q.offset, q.limit, totalCount));
  });
  r.post("/diagnoses/create/:encounterId", careTeam, answers(diagnosisSchema, 201), validate({ param: chartEncounterIdParamSchema, json: diagnosisCreateSchema }), idempotent(), async (c) =>
    ok(c, await findings.createDiagnosis(actorOf(c), valid(c, chartEncounterIdParamSchema).encounterId, valid(c, diagnosisCreateSchema)), 201));
  r.put("/diagnoses/edit/:id", careTeam, answers(diagnosisSchema), validate({ param: chartIdParamSchema, json: diagnosisUpdateSchema }), async (c) =>
    ok(c, await findings.editDiagnosis(actorOf(c), valid(c, chartIdParamSchema).id, valid(c, diagnosisUpdateSchema))));
  r.put("/diagnoses/share/:id", careTeam, answers(diagnosisSchema), validate({ param: chartIdParamSchema }), async (c) => ok(c, await findings.shareDiagnosis(actorOf(c), valid(c, chartIdParamSchema).id)));
  r.put("/diagnoses/unshare/:id", careTeam, answers(diagnosisSchema), validate({ param: chartIdParamSchema }), async (c) => ok(c, await findings.unshareDiagnosis(actorOf(c), valid(c, chartIdParamSchema).id)));
  r.delete("/diagnoses/delete/:id", careTeam, answers(idResultSchema), validate({ param: chartIdParamSchema }), async (c) => ok(c, await findings.removeDiagnosis(actorOf(c), valid(c, chartIdParamSchema).id)));

  // ---- Problems
  r.get("/problems/patient/:id", readers, answers(z.array(problemSchema)), validate({ param: chartIdParamSchema }), async (c) => ok(c, await findings.listProblems(actorOf(c), valid(c, chartIdParamSchema).id)));
  r.post("/problems/patient/:id", careTeam, answers(problemSchema, 201), validate({ param: chartIdParamSchema, json: problemCreateSchema }), idempotent(), async (c) =>
    ok(c, await findings.createProblem(actorOf(c), valid(c, chartIdParamSchema).id, valid(c, problemCreateSchema)), 201));
  r.put("/problems/:id/share", careTeam, answers(problemSchema), validate({ param: chartIdParamSchema }), async (c) => ok(c, await findings.shareProblem(actorOf(c), valid(c, chartIdParamSchema).id)));
  r.put("/problems/:id/unshare", careTeam, answers(problemSchema), validate({ param: chartIdParamSchema }), async (c) => ok(c, await findings.unshareProblem(actorOf(c), valid(c, chartIdParamSchema).id)));
  r.delete("/problems/:id", careTeam, answers(idResultSchema), validate({ param: chartIdParamSchema }), async (c) => ok(c, await findings.removeProblem(actorOf(c), valid(c, chartIdParamSchema).id)));

  // ---- Vitals
  r.get("/vitals/patient/:id/areImportsFromIntakeFormsPossible", careTeam, answers(vitalsImportsPossibleSchema), validate({ param: chartIdParamSchema }), async (c) =>
    ok(c, await vitals.importsPossible(actorOf(c), valid(c, chartIdParamSchema).id)));
  r.post("/vitals/patient/:id/runImportsFromIntakeForms", careTeam, answers(vitalsImportResultSchema), validate({ param: chartIdParamSchema, json: vitalsImportSchema }), async (c) => {
    const { format } = valid(c, vitalsImportSchema);
    return ok(c, await vitals.runImports(actorOf(c), valid(c, chartIdParamSchema).id, format));
  });
  r.get("/vitals/patient/:id", readers, answers(z.array(vitalsSchema)), validate({ param: chartIdParamSchema, query: vitalsQuerySchema }), async (c) =>
    ok(c, await vitals.list(actorOf(c), valid(c, chartIdParamSchema).id, valid(c, vitalsQuerySchema))));
  r.post("/vitals/patient/:id", careTeam, answers(vitalsSchema, 201), validate({ param: chartIdParamSchema, json: vitalsCreateSchema }), idempotent(), async (c) =>
    ok(c, await vitals.create(actorOf(c), valid(c, chartIdParamSchema).id, valid(c, vitalsCreateSchema)), 201));
  r.get("/dynamicFields/vitalsFields", allow.signedIn, answers(z.array(vitalsFieldSchema)), (c) => ok(c, VITALS_FIELDS));
  r.get("/dynamicFields/availableFieldTypes", allow.signedIn, answers(z.array(z.enum(INTAKE_INPUT_TYPES))), (c) => ok(c, INTAKE_INPUT_TYPES));

  return r.app;
}
