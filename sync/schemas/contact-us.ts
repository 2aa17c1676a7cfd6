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

export type ContactMessageView = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The sender's account when they were signed in. */
  userId: string | null;
  createdAt: string;
  handledAt: string | null;
  handledBy: string | null;
};
