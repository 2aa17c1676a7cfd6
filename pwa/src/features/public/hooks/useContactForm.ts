import { type ContactUsInput, contactUsSchema } from "../../../../../sync/schemas/contact-us.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { sendContactMessage } from "../contact-us-api.ts";

const EMPTY: ContactUsInput = { name: "", email: "", subject: "", message: "" };

/**
 * The contact form: its values, the field errors (the shared schema's first, then the
 * server's `details.fields`), the server's message shown on the page (not in a snackbar:
 * the public pages have their own alert), and whether the message went.
 */
export function useContactForm() {
  const form = useForm({ schema: contactUsSchema, initial: EMPTY, idPrefix: "contact", announceFailure: false });
  const submit = form.handleSubmit(async (data) => {
    await sendContactMessage(data);
    form.setValues(() => EMPTY);
  });
  const sent = form.form.formState.isSubmitSuccessful && !form.submitting;
  return { form, submit, sent };
}
