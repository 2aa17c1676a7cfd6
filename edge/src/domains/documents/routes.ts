/**
 * HTTP for documents and faxes (02 §7 "Documents and medical files"; the fax
 * send call is ours: 02 §7 does not show it). Access is decided in ./access.ts;
 * the guards here only keep out who has no documents at all (patients).
 */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import type { Deps } from "../../deps.ts";
import { answers, answersFile } from "../../http/answers.ts";
import { idempotent } from "../../http/idempotency.ts";
import { attachment } from "../../http/download.ts";
import { ok } from "../../http/envelope.ts";
import { AppError, badRequest, notFound } from "../../http/errors.ts";
import { actorOf, jsonBody } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { formFiles, parse, valid, validate } from "../../http/validate.ts";
import type { Fax } from "../../platform/fax/fax.ts";
import { docIdSchema } from "../../../../sync/protocol.ts";
import { CONTENT_TYPES } from "../../../../sync/files.ts";
import { idResultSchema, listResultSchema } from "../../../../sync/envelope.ts";
import {
  DOCUMENT_MAX_BYTES,
  documentActionUserSchema,
  documentActionUsersSchema,
  documentListSchema,
  documentUploadFieldsSchema,
  documentViewSchema,
  faxCountSchema,
  faxEmulatorReceiptSchema,
  faxSendSchema,
  faxWebhookResultSchema,
  shareToPatientSchema,
  userIdBodySchema,
} from "../../../../sync/schemas/document.ts";
import type { Faxes } from "./faxes.ts";
import { DEMO_ACCOUNTS } from "../../seed/demo.ts";
import type { DocumentsService } from "./service.ts";

const STAFF = ["doctor", "vma", "admin"] as const;
const idParam = z.object({ id: docIdSchema });
/** A document's bytes are typed from their content (documents/service.ts `content`): a known kind, else octet-stream. */
const STORED_TYPES = [...new Set(Object.values(CONTENT_TYPES)), "application/octet-stream"];

export type FaxEmulatorControl = { receive(input: { from?: string; to?: string; times?: number }): Promise<unknown> };

export function documentsRoutes(
  documents: DocumentsService,
  faxes: Faxes,
  deps: Pick<Deps, "demoMode" | "sql"> & { fax: Fax; faxEmulator: FaxEmulatorControl | null },
) {
  const r = createRouter();
  const staff = allow.approved(...STAFF);
  const withId = validate({ param: idParam });
  const id = (c: Parameters<typeof valid>[0]) => valid(c, idParam).id;

  r.post("/documents/list", staff, answers(listResultSchema(documentViewSchema)), validate({ json: documentListSchema }), async (c) =>
    ok(c, await documents.list(actorOf(c), valid(c, documentListSchema))));

  r.post("/documents", staff, answers(documentViewSchema, 201), validate({ form: documentUploadFieldsSchema }), idempotent(), async (c) => {
    const { name } = valid(c, documentUploadFieldsSchema);
    const files = formFiles(c);
    const file = files.file?.[0];
    if (!file || (files.file?.length ?? 0) > 1) throw badRequest("Choose one file", { fields: { file: "Choose one file" } });
    if (file.size > DOCUMENT_MAX_BYTES) throw new AppError(413, "The file is too large (at most 20 MB)", { reason: "FILE_TOO_LARGE" });
    const data = new Uint8Array(await file.arrayBuffer());
    return ok(c, await documents.upload(actorOf(c), { name: name?.trim() || file.name.slice(0, 255) || "document", data }), 201);
  });

  r.post("/documents/fax", allow.approved("doctor", "vma"), answers(documentViewSchema, 201), validate({ json: faxSendSchema }), idempotent(), async (c) =>
    ok(c, await faxes.send(actorOf(c), valid(c, faxSendSchema)), 201));

  r.post("/documents/share/patient/:id", allow.approved("doctor", "vma"), answers(documentViewSchema), validate({ param: idParam, json: shareToPatientSchema }), async (c) =>
    ok(c, await documents.shareToPatient(actorOf(c), id(c), valid(c, shareToPatientSchema))));
  r.put("/documents/unshare/:id", allow.approved("doctor", "vma"), answers(documentViewSchema), withId, async (c) => ok(c, await documents.unshare(actorOf(c), id(c))));
  r.put("/documents/attach/:id", allow.approved("doctor", "vma"), answers(documentViewSchema), validate({ param: idParam, json: userIdBodySchema }), async (c) =>
    ok(c, await documents.attach(actorOf(c), id(c), valid(c, userIdBodySchema).userId)));
  r.put("/documents/share/:id", allow.approved("doctor", "vma"), answers(documentViewSchema), validate({ param: idParam, json: userIdBodySchema }), async (c) =>
    ok(c, await documents.shareWith(actorOf(c), id(c), valid(c, userIdBodySchema).userId)));
  r.put("/documents/resend/:id", allow.approved("doctor", "vma"), answers(documentViewSchema), withId, async (c) => ok(c, await faxes.resend(actorOf(c), id(c))));
  r.delete("/documents/:id", staff, answers(idResultSchema), withId, async (c) => ok(c, await documents.remove(actorOf(c), id(c))));
  r.get("/documents/faxes/count", allow.signedIn, answers(faxCountSchema), async (c) => ok(c, { faxes: await documents.faxCount(actorOf(c)) }));
  r.get("/documents/:id", staff, answers(documentViewSchema), withId, async (c) => ok(c, await documents.get(actorOf(c), id(c))));
  r.get("/documents/:id/content", staff, answersFile(...STORED_TYPES), withId, async (c) => {
    const file = await documents.content(actorOf(c), id(c));
    c.header("Content-Type", file.contentType);
    c.header("Content-Disposition", attachment(file.name));
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Content-Security-Policy", "default-src 'none'; sandbox");
    c.header("Cache-Control", "private, no-store");
    return c.body(file.data as Uint8Array<ArrayBuffer>);
  });

  r.post("/users/list/document/action", allow.approved("doctor", "vma"), answers(listResultSchema(documentActionUserSchema)), validate({ json: documentActionUsersSchema }), async (c) =>
    ok(c, await documents.actionUsers(actorOf(c), valid(c, documentActionUsersSchema))));

  // The vendor's webhook: public, verified by its signature, answered 200 once stored (a redelivery too).
  r.post("/webhooks/fax", allow.public, answers(faxWebhookResultSchema), async (c) => {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw badRequest("The form data could not be read", { reason: "INVALID_MULTIPART" });
    }
    const event = await deps.fax.parseWebhook({ url: faxes.webhookUrl(), signature: c.req.header("x-phaxio-signature") ?? null, form });
    if (!event) throw new AppError(400, "The webhook's signature is not valid", { reason: "INVALID_SIGNATURE" });
    await faxes.accept(event);
    return ok(c, { received: true });
  });

  // Demo only: the local fax emulator sends a fax in (signed, through the webhook above).
  r.post("/dev/fax/receive", allow.public, answers(faxEmulatorReceiptSchema), async (c) => {
    if (!deps.demoMode || !deps.faxEmulator) throw notFound();
    // Parsed here, not declared: outside demo mode the route must look absent (404) whatever the body.
    const input = parse(
      z.object({ from: z.string().regex(/^\+[1-9]\d{7,14}$/).optional(), to: z.string().regex(/^\+[1-9]\d{7,14}$/).optional(), times: z.number().int().min(1).max(5).optional() }).strict(),
      await jsonBody(c),
    );
    // Sent to the demo doctor's fax number unless another is given.
    const [demo] = await deps.sql<{ fax: string | null }[]>`select fax from users where email = ${DEMO_ACCOUNTS.doctor}`;
    return ok(c, await deps.faxEmulator.receive({ ...input, to: input.to ?? demo?.fax ?? undefined }));
  });

  return r.app;
}
