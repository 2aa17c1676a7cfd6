import { useState } from "react";
import { type ContactUsInput, contactUsSchema } from "../../../../../sync/schemas/contact-us.ts";
import { type FieldErrors, sendContactMessage } from "../contact-us-api.ts";

export type ContactField = keyof ContactUsInput;
export type ContactStatus = "idle" | "sending" | "sent" | "failed";

export const CONTACT_FIELD_ORDER: readonly ContactField[] = ["name", "email", "subject", "message"];

const EMPTY: ContactUsInput = { name: "", email: "", subject: "", message: "" };

/**
 * State of the contact form: values, field errors (from zod first, then from
 * the server's `details.fields`), and the sending status.
 */
export function useContactForm() {
  const [values, setValues] = useState<ContactUsInput>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<ContactStatus>("idle");
  const [serverMessage, setServerMessage] = useState<string | null>(null);

  function setValue(field: ContactField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // The person is fixing this field: its old message no longer applies.
    setFieldErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  /** Validates and sends. Returns the first field in error, for focus, or null. */
  async function submit(): Promise<ContactField | null> {
    if (status === "sending") return null;
    setServerMessage(null);

    const parsed = contactUsSchema.safeParse(values);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as ContactField;
        errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      setStatus("idle");
      return firstInvalid(errors);
    }

    setFieldErrors({});
    setStatus("sending");
    const result = await sendContactMessage(parsed.data);
    if (result.ok) {
      setValues(EMPTY);
      setStatus("sent");
      return null;
    }
    setFieldErrors(result.fields);
    setServerMessage(result.message);
    setStatus("failed");
    return firstInvalid(result.fields);
  }

  return { values, fieldErrors, status, serverMessage, setValue, submit };
}

function firstInvalid(errors: FieldErrors): ContactField | null {
  return CONTACT_FIELD_ORDER.find((field) => errors[field]) ?? null;
}
