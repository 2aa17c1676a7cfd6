/**
 * Documents and faxes (02 §3 "Document", §7 "Documents and medical files"):
 * the calls' inputs, checked by the same zod schemas on the PWA and the edge,
 * the statuses, and the live events. Who may see which document is decided in
 * edge/src/domains/documents/access.ts.
 */
import { z } from "zod";
import { docIdSchema } from "../protocol.ts";
import { MEDICAL_FOLDERS } from "../collections/medical-files.ts";
import { toE164 } from "../rules/personal.ts";
import { isStorableText } from "../rules/storable-text.ts";

export const FAX_STATUSES = [
  "queued", "sending", "delivered", "transmitting", "receiving", "received", "no answer", "busy", "failed", "canceled",
] as const;
export type FaxStatus = (typeof FAX_STATUSES)[number];
/** A fax in one of these may be sent again (02 §8 "resend error" otherwise). */
export const RESENDABLE_STATUSES: readonly FaxStatus[] = ["no answer", "busy", "failed", "canceled"];
export const FINAL_STATUSES: readonly FaxStatus[] = ["delivered", "received", "no answer", "busy", "failed", "canceled"];

/** outgoing_faxes and incoming_faxes are the spec's fax types; `documents` are uploaded files (and platform agreements). */
export const DOC_TYPES = ["outgoing_faxes", "incoming_faxes", "documents"] as const;
export type DocType = (typeof DOC_TYPES)[number];
export const DOCUMENT_BOXES = ["sent", "received"] as const;
export const DOCUMENT_SORT_FIELDS = ["createdAt", "name", "status"] as const;

/** 20 MB, like note files (02 §5); a fax is at most 20 MB at the vendor too. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

export const safeText = (max: number) => z.string().max(max).refine(isStorableText, "Text holds a character that cannot be stored");

/** A fax number as typed: E.164, or a US number without its country code. */
export const faxNumberSchema = z
  .string({ error: "Fax number is required" })
  .trim()
  .min(1, "Fax number is required")
  .max(32, "Enter a valid fax number")
  .transform((value, ctx) => {
    const e164 = isStorableText(value) ? toE164(value) : null;
    if (!e164) {
      ctx.addIssue({ code: "custom", message: "Enter a valid fax number" });
      return z.NEVER;
    }
    return e164;
  });

/** A document's or a file's new name; an empty one keeps the current name (02 §5). */
export const newNameSchema = safeText(255)
  .refine((s) => ![...s].some((ch) => ch === "/" || ch === "\\" || ch.charCodeAt(0) < 0x20), "Invalid file name")
  .optional();

export const documentListSchema = z.object({
  box: z.enum(DOCUMENT_BOXES).default("received"),
  docType: z.enum(DOC_TYPES).optional(),
  filter: z.object({
    search: safeText(100).optional(),
    status: z.enum(FAX_STATUSES).optional(),
    isNew: z.boolean().optional(),
  }).strict().default({}),
  sort: z.object({
    field: z.enum(DOCUMENT_SORT_FIELDS).default("createdAt"),
    order: z.enum(["asc", "desc"]).default("desc"),
  }).strict().default({ field: "createdAt", order: "desc" }),
  offset: z.number().int().min(0).max(100_000).default(0),
  limit: z.number().int().min(1).max(100).default(20),
}).strict();
export type DocumentListInput = z.input<typeof documentListSchema>;

export const shareToPatientSchema = z.object({
  userId: docIdSchema,
  folderId: z.enum(MEDICAL_FOLDERS).default("OutsideMedicalRecords"),
  newName: newNameSchema,
}).strict();

export const userIdBodySchema = z.object({ userId: docIdSchema }).strict();

export const DOCUMENT_ACTION_ROLES = ["patient", "doctor", "vma"] as const;
export const documentActionUsersSchema = z.object({
  search: safeText(100).default(""),
  documentId: docIdSchema.optional(),
  offset: z.number().int().min(0).max(100_000).default(0),
  limit: z.number().int().min(1).max(100).default(20),
  role: z.enum(DOCUMENT_ACTION_ROLES).default("patient"),
}).strict();

/** Sending a fax (02 §7 "Fax send call: not shown"): a stored document or an encounter's export, to a typed number. */
export const faxSendSchema = z.object({
  to: faxNumberSchema,
  recipientName: safeText(100).default(""),
  coverNote: safeText(2000).default(""),
  documentId: docIdSchema.optional(),
  encounterId: docIdSchema.optional(),
}).strict().refine((v) => (v.documentId ? 1 : 0) + (v.encounterId ? 1 : 0) === 1, {
  message: "Choose a document or an encounter to fax",
  path: ["documentId"],
});
export type FaxSendInput = z.input<typeof faxSendSchema>;

export const documentUploadFieldsSchema = z.object({ name: newNameSchema }).strict();

export const DOCUMENT_OWNERS = ["practice", "platform"] as const;
const namedSchema = z.object({ id: z.uuid(), name: z.string() }).strict();

/** A document or a fax as the documents calls answer it (edge/src/domains/documents/repo.ts `toView`). */
export const documentViewSchema = z.object({
  id: z.uuid(),
  docType: z.enum(DOC_TYPES),
  box: z.enum(DOCUMENT_BOXES),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  status: z.enum([...FAX_STATUSES, "stored"]),
  statusMessage: z.string().nullable(),
  faxNumber: z.string().nullable(),
  recipientName: z.string().nullable(),
  isNew: z.boolean(),
  isShared: z.boolean(),
  folder: z.enum(MEDICAL_FOLDERS).nullable(),
  patient: namedSchema.nullable(),
  receiver: namedSchema.nullable(),
  sharedWith: z.array(namedSchema),
  owner: z.enum(DOCUMENT_OWNERS),
  /** Who added or sent it (a VMA acts for the practice's doctor: the PWA says so, issue 32); null for a fax received. */
  createdBy: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}).strict();
export type DocumentView = z.output<typeof documentViewSchema>;

/** `POST /users/list/document/action`: one person a document can go to. */
export const documentActionUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(DOCUMENT_ACTION_ROLES),
}).strict();
export type DocumentActionUser = z.output<typeof documentActionUserSchema>;

/** `GET /documents/faxes/count`: new received faxes of the caller's practice. */
export const faxCountSchema = z.object({ faxes: z.number().int() }).strict();
/** The fax vendor's webhook, once the event is stored. */
export const faxWebhookResultSchema = z.object({ received: z.literal(true) }).strict();
/** Demo only, `POST /dev/fax/receive`: what the local fax emulator sent in (edge/emulators/fax/emulator.ts `receive`). */
export const faxEmulatorReceiptSchema = z.object({ id: z.string(), from: z.string(), to: z.string(), times: z.number().int() }).strict();

/** `GET /medicalFiles/new/patient/{id}/folders`: every folder with its number of files. */
export const medicalFolderCountSchema = z.object({ folderId: z.enum(MEDICAL_FOLDERS), count: z.number().int() }).strict();
export type MedicalFolderCount = z.output<typeof medicalFolderCountSchema>;

/** Socket events of documents (02 §4) and the fax counter (01 §4). */
export const DOCUMENT_EVENTS = {
  created: "documents:new",
  changed: "documents:changed",
  removed: "documents:removed",
  viewed: "documents:viewed",
  shared: "documents:shared",
  unshared: "documents:unshared",
  faxCounter: "faxes:counter",
} as const;

/** `GET medicalFiles/new/patient/{id}` query (02 §7). */
export const medicalFilesQuerySchema = z.object({
  folderId: z.enum(MEDICAL_FOLDERS).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
}).strict();
export const medicalFileMoveSchema = z.object({ toId: z.enum(MEDICAL_FOLDERS) }).strict();
export const medicalFileRenameSchema = z.object({ newName: newNameSchema }).strict();
export const medicalFileAddFieldsSchema = z.object({ folderId: z.enum(MEDICAL_FOLDERS), name: newNameSchema }).strict();
