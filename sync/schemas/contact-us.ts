/** `POST /contactus`: a public message to the support team. */
import { z } from "zod";
import { emailSchema, requiredText } from "../rules/personal.ts";

export const contactUsSchema = z.object({
  name: requiredText("Name", 80),
  email: emailSchema,
  subject: requiredText("Subject", 120),
  message: requiredText("Message", 5000),
});
export type ContactUsInput = z.infer<typeof contactUsSchema>;

/** `GET /admin/contactus`: the admins' support queue. */
export const contactQueueQuerySchema = z.object({
  offset: z.coerce.number({ error: "Offset must be a number" }).int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number({ error: "Limit must be a number" }).int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional().transform((v) => v || undefined),
  status: z.enum(["open", "handled", "all"]).default("open"),
});
export type ContactQueueQuery = z.infer<typeof contactQueueQuerySchema>;

/** `PUT /admin/contactus/{id}`: mark a message handled (or open again). */
export const contactHandledSchema = z.object({ handled: z.boolean() }).strict();

export const contactMessageViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** The sender's account when they were signed in. */
  userId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  handledAt: z.iso.datetime().nullable(),
  /** The admin who marked it handled. */
  handledBy: z.uuid().nullable(),
}).strict();
export type ContactMessageView = z.output<typeof contactMessageViewSchema>;

/** `POST /contactus` (201): the message is in the queue. */
export const contactReceivedSchema = z.object({ received: z.literal(true) }).strict();
export type ContactReceived = z.output<typeof contactReceivedSchema>;
