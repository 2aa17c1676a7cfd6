/**
 * Inputs of the practice team's calls (issue 17): VMA management (01 §7
 * "Doctors, assistants, admins"), tasks, macros and contacts (02 §7). Every
 * text refuses NUL (PostgreSQL cannot store it).
 */
import { z } from "zod";
import { calendarDate } from "../rules/calendar-date.ts";
import { emailSchema, nameSchema } from "../rules/personal.ts";
import { isStorableText } from "../rules/storable-text.ts";

const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} symbols`)
    .refine(isStorableText, `${label} holds a character that is not allowed`);
const requiredText = (label: string, max: number) => text(label, max).pipe(z.string().min(1, `${label} is required`));
const id = (label: string) => z.uuid(`${label} is required`);
const paging = {
  offset: z.coerce.number({ error: "Offset must be a number" }).int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number({ error: "Limit must be a number" }).int().min(1).max(100).default(20),
};
const search = text("Search", 100).optional().transform((v) => v || undefined);

// ── VMAs ──────────────────────────────────────────────────────────────
/** `POST /vmas`: create a VMA (a new address is invited; an existing VMA's is attached). */
export const createVmaSchema = z.object({
  email: emailSchema,
  firstName: nameSchema("First name").refine(isStorableText, "First name holds a character that is not allowed"),
  lastName: nameSchema("Last name").refine(isStorableText, "Last name holds a character that is not allowed"),
}).strict();
export type CreateVmaInput = z.infer<typeof createVmaSchema>;
export const vmaIdSchema = z.object({ vmaId: id("VMA") }).strict();
/** `POST /vmas/acting`: the doctor a VMA acts for (chosen in the header). */
export const actingDoctorSchema = z.object({ doctorId: id("Doctor") }).strict();
export const NOT_A_VMA_EMAIL = "This email does not belong to a VMA";

/** A VMA as their doctor sees them (`GET /vmas/list`). */
export const vmaSchema = z.object({
  id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string(), passwordSet: z.boolean(),
}).strict();
export type VmaView = z.output<typeof vmaSchema>;
/** `POST /vmas`: the VMA, and whether they were invited (a new address) or attached (an existing VMA). */
export const vmaCreatedSchema = vmaSchema.extend({ invited: z.boolean() }).strict();
/** A doctor a VMA works for, the one they act for now marked. */
export const vmaDoctorSchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), acting: z.boolean() }).strict();
export type VmaDoctorView = z.output<typeof vmaDoctorSchema>;
export const vmaListSchema = z.object({ list: z.array(vmaSchema) }).strict();
export const vmaDoctorListSchema = z.object({ list: z.array(vmaDoctorSchema) }).strict();
export const vmaDetachedSchema = z.object({ detached: z.literal(true) }).strict();
export const vmaPasswordSentSchema = z.object({ sent: z.literal(true) }).strict();
/** What a delete of a task, macro or contact (and of an admin) answers. */
export const deletedSchema = z.object({ deleted: z.literal(true) }).strict();

// ── Tasks ─────────────────────────────────────────────────────────────
export const TASK_CATEGORIES = ["Follow-up", "Lab", "Prescription", "Referral", "Call back", "Paperwork", "Other"] as const;
export const TASK_STATUSES = ["open", "closed"] as const;
export const TASK_DESCRIPTION_MAX = 5000;
export const ADMIN_TASK_CATEGORIES = ["Support", "Billing", "Account", "Technical", "Other"] as const;

/** A calendar date (no time zone): the day a task is due; overdue once that day has passed where the user is. */
export const dueDateSchema = calendarDate().nullable();

export const taskCreateSchema = z.object({
  assigneeId: id("Assignee"),
  patientId: id("Patient"),
  description: requiredText("Description", TASK_DESCRIPTION_MAX),
  category: z.enum(TASK_CATEGORIES, { error: "Choose a category" }),
  dueDate: dueDateSchema.optional().default(null),
}).strict();
export type TaskCreateInput = z.infer<typeof taskCreateSchema>;
/** `POST /doctorTasks/encounter/{id}`: a task about an encounter (its patient is the encounter's). */
export const taskFromEncounterSchema = taskCreateSchema.omit({ patientId: true }).strict();
export const taskEditSchema = z.object({
  assigneeId: id("Assignee").optional(),
  patientId: id("Patient").optional(),
  description: requiredText("Description", TASK_DESCRIPTION_MAX).optional(),
  category: z.enum(TASK_CATEGORIES, { error: "Choose a category" }).optional(),
  dueDate: dueDateSchema.optional(),
}).strict();
export type TaskEditInput = z.infer<typeof taskEditSchema>;
export const taskListSchema = z.object({
  ...paging,
  filter: z.object({
    mine: z.boolean().optional(),
    status: z.enum([...TASK_STATUSES, "all"]).default("open"),
    patientId: z.uuid("Invalid patient").optional(),
    category: z.enum(TASK_CATEGORIES, { error: "Unknown category" }).optional(),
  }).strict().default({ status: "open" }),
}).strict();
export type TaskListInput = z.infer<typeof taskListSchema>;

export const adminTaskCreateSchema = z.object({
  assigneeId: id("Assignee"),
  description: requiredText("Description", TASK_DESCRIPTION_MAX),
  category: z.enum(ADMIN_TASK_CATEGORIES, { error: "Choose a category" }),
  dueDate: dueDateSchema.optional().default(null),
}).strict();
export const adminTaskListSchema = z.object({
  ...paging,
  filter: z.object({
    mine: z.boolean().optional(),
    status: z.enum([...TASK_STATUSES, "all"]).default("open"),
  }).strict().default({ status: "open" }),
}).strict();

export const taskSchema = z.object({
  id: z.uuid(),
  assigneeId: z.uuid(),
  assigneeName: z.string(),
  patientId: z.uuid().nullable(),
  patientName: z.string().nullable(),
  encounterId: z.uuid().nullable(),
  description: z.string(),
  /** A practice's category, or a support desk's (admins). */
  category: z.union([z.enum(TASK_CATEGORIES), z.enum(ADMIN_TASK_CATEGORIES)]),
  status: z.enum(TASK_STATUSES),
  dueDate: z.iso.date().nullable(),
  createdBy: z.uuid(),
  createdByName: z.string(),
  onBehalfOf: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
}).strict();
export type TaskView = z.output<typeof taskSchema>;
/** Who a task may be assigned to: the doctor and their VMAs (admins: the admins). */
export const taskAssigneeSchema = z.object({
  id: z.uuid(), firstName: z.string(), lastName: z.string(), role: z.enum(["doctor", "vma", "admin"]),
}).strict();
export type TaskAssignee = z.output<typeof taskAssigneeSchema>;
export const taskAssigneeListSchema = z.object({ list: z.array(taskAssigneeSchema) }).strict();
export const taskCountSchema = z.object({ count: z.number().int() }).strict();

// ── Macros ────────────────────────────────────────────────────────────
export const MACRO_TEXT_MAX = 5000;
/** A shortcut is typed in text: starts with `;` and holds letters, digits, `-` or `_` (e.g. `;bp`). */
export const MACRO_SHORTCUT = /^;[A-Za-z0-9_-]{1,30}$/;
export const macroCreateSchema = z.object({
  shortcut: z.string({ error: "Shortcut is required" }).trim()
    .regex(MACRO_SHORTCUT, "A shortcut starts with ; followed by up to 30 letters, digits, - or _"),
  text: requiredText("Text", MACRO_TEXT_MAX),
}).strict();
export type MacroCreateInput = z.infer<typeof macroCreateSchema>;
export const macroDropdownSchema = z.object({
  search: search,
  patientId: z.uuid("Invalid patient").optional(),
}).strict();
export const SHORTCUT_EXISTS = "Shortcut already exists";
export const macroSchema = z.object({ id: z.uuid(), shortcut: z.string(), text: z.string(), createdBy: z.uuid() }).strict();
export type MacroView = z.output<typeof macroSchema>;
export const macroListSchema = z.object({ list: z.array(macroSchema) }).strict();
/** `GET /doctorMacros/dropdown/list`: the text with its placeholders filled for the patient. */
export const macroOptionSchema = z.object({ id: z.uuid(), shortcut: z.string(), text: z.string() }).strict();
export type MacroOption = z.output<typeof macroOptionSchema>;
export const macroOptionListSchema = z.object({ list: z.array(macroOptionSchema) }).strict();

// ── Contacts ──────────────────────────────────────────────────────────
export const CONTACT_KINDS = ["Specialist", "Lab", "Imaging", "Pharmacy", "Hospital", "Other"] as const;
export const contactSchema = z.object({
  name: requiredText("Name", 120),
  organization: text("Organization", 200).default(""),
  kind: z.enum(CONTACT_KINDS, { error: "Choose a kind" }),
  phone: text("Phone", 40).default(""),
  fax: text("Fax", 40).default(""),
  email: z.union([z.literal(""), emailSchema]).default(""),
  address: text("Address", 300).default(""),
  notes: text("Notes", 2000).default(""),
}).strict();
export type ContactInput = z.infer<typeof contactSchema>;
export const contactListSchema = z.object({
  ...paging,
  search,
  order: z.enum(["name", "kind", "createdAt"]).default("name"),
}).strict();
export const contactDropdownSchema = z.object({ search, kind: z.enum(CONTACT_KINDS).optional() }).strict();
export const contactViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  organization: z.string(),
  kind: z.enum(CONTACT_KINDS),
  phone: z.string(),
  fax: z.string(),
  email: z.string(),
  address: z.string(),
  notes: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}).strict();
export type ContactView = z.output<typeof contactViewSchema>;
export const contactOptionSchema = z.object({
  id: z.uuid(), name: z.string(), organization: z.string(), kind: z.enum(CONTACT_KINDS), fax: z.string(), phone: z.string(),
}).strict();
export type ContactOption = z.output<typeof contactOptionSchema>;
export const contactOptionListSchema = z.object({ list: z.array(contactOptionSchema) }).strict();
