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
