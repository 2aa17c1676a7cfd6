/** HTTP for medical files (02 §7): folders, a folder's list, add, move, rename, delete. */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { answers } from "../../http/answers.ts";
import { idempotent } from "../../http/idempotency.ts";
import { ok } from "../../http/envelope.ts";
import { AppError, badRequest } from "../../http/errors.ts";
import { actorOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { formFiles, valid, validate } from "../../http/validate.ts";
import { docIdSchema } from "../../../../sync/protocol.ts";
import { MEDICAL_FILE_MAX_BYTES, medicalFileSchema } from "../../../../sync/collections/medical-files.ts";
import { idResultSchema, listResultSchema } from "../../../../sync/envelope.ts";
import {
  medicalFileAddFieldsSchema,
  medicalFileMoveSchema,
  medicalFileRenameSchema,
  medicalFilesQuerySchema,
  medicalFolderCountSchema,
} from "../../../../sync/schemas/document.ts";
import type { MedicalFilesApi } from "./medical-files.ts";

const idParam = z.object({ id: docIdSchema });
const ROLES = ["patient", "doctor", "vma"] as const;

export function medicalFilesRoutes(files: MedicalFilesApi) {
  const r = createRouter();
  const access = allow.approved(...ROLES);
  const withId = validate({ param: idParam });
  const id = (c: Parameters<typeof valid>[0]) => valid(c, idParam).id;

  r.get("/medicalFiles/new/patient/:id/folders", access, answers(z.array(medicalFolderCountSchema)), withId, async (c) => ok(c, await files.folders(actorOf(c), id(c))));
  r.get("/medicalFiles/new/patient/:id", access, answers(listResultSchema(medicalFileSchema)), validate({ param: idParam, query: medicalFilesQuerySchema }), async (c) =>
    ok(c, await files.list(actorOf(c), id(c), valid(c, medicalFilesQuerySchema))));
  r.post("/medicalFiles/patient/:id", access, answers(medicalFileSchema, 201), validate({ param: idParam, form: medicalFileAddFieldsSchema }), idempotent(), async (c) => {
    const patientId = id(c);
    const fields = valid(c, medicalFileAddFieldsSchema);
    const uploaded = formFiles(c);
    const file = uploaded.file?.[0];
    if (!file || (uploaded.file?.length ?? 0) > 1) throw badRequest("Choose one file", { fields: { file: "Choose one file" } });
    if (file.size === 0) throw badRequest("The file is empty", { fields: { file: "The file is empty" } });
    if (file.size > MEDICAL_FILE_MAX_BYTES) throw new AppError(413, "The file is too large (at most 20 MB)", { reason: "FILE_TOO_LARGE" });
    const name = fields.name?.trim() || file.name.slice(0, 255) || "file";
    const data = new Uint8Array(await file.arrayBuffer());
    return ok(c, await files.add(actorOf(c), patientId, { folderId: fields.folderId, name, data, contentType: file.type || "application/octet-stream" }), 201);
  });
  r.put("/medicalFiles/:id/move", access, answers(medicalFileSchema), validate({ param: idParam, json: medicalFileMoveSchema }), async (c) =>
    ok(c, await files.move(actorOf(c), id(c), valid(c, medicalFileMoveSchema).toId)));
  r.put("/medicalFiles/:id/rename", access, answers(medicalFileSchema), validate({ param: idParam, json: medicalFileRenameSchema }), async (c) =>
    ok(c, await files.rename(actorOf(c), id(c), valid(c, medicalFileRenameSchema).newName)));
  r.delete("/medicalFiles/:id", access, answers(idResultSchema), withId, async (c) => ok(c, await files.remove(actorOf(c), id(c))));
  return r.app;
}
