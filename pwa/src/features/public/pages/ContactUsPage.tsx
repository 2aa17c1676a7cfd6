import { Link } from "react-router";
import { contactUsSchema } from "../../../../../sync/schemas/contact-us.ts";
import { InfoLinks } from "../components/InfoLinks.tsx";
import { TextField } from "../../../ui/index.ts";
import { useContactForm } from "../hooks/useContactForm.ts";
import { PRODUCT_NAME, PUBLIC_PATHS } from "../policies.ts";

const { shape } = contactUsSchema;

export const CONTACT_SUCCESS_MESSAGE = "Thank you. Your message has been sent, and we will answer by email.";

/** `/contact-us`: a message to the support team, open to guests. */
export function ContactUsPage() {
  const { form, submit, sent } = useContactForm();
  const { values, errors, set, fieldId } = form;
  const sending = form.submitting;

  return (
    <article className="public-page public-contact">
      <title>{`Contact us · ${PRODUCT_NAME}`}</title>
      <header>
        <h1>Contact us</h1>
        <p>
          Questions about membership, billing or your account? Write to our support team. For medical questions,
          message your doctor from the app. In an emergency, call 911.
        </p>
        <p>
          Many answers are already in the <Link to={PUBLIC_PATHS.faq}>FAQ</Link>.
        </p>
      </header>

      <section aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">Send us a message</h2>
        {sent && (
          <p className="public-form__success" role="status">
            {CONTACT_SUCCESS_MESSAGE}
          </p>
        )}
        {form.formError && (
          <p className="public-form__error" role="alert">
            {form.formError}
          </p>
        )}
        <form className="public-form" noValidate onSubmit={submit} aria-busy={sending}>
          <TextField
            id={fieldId("name")}
            name="name"
            label="Name"
            autoComplete="name"
            maxLength={shape.name.maxLength ?? undefined}
            value={values.name}
            error={errors.name}
            readOnly={sending}
            onChange={(value) => set("name", value)}
          />
          <TextField
            id={fieldId("email")}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            error={errors.email}
            readOnly={sending}
            onChange={(value) => set("email", value)}
          />
          <TextField
            id={fieldId("subject")}
            name="subject"
            label="Subject"
            maxLength={shape.subject.maxLength ?? undefined}
            value={values.subject}
            error={errors.subject}
            readOnly={sending}
            onChange={(value) => set("subject", value)}
          />
          <TextField
            id={fieldId("message")}
            name="message"
            label="Message"
            multiline
            maxLength={shape.message.maxLength ?? undefined}
            value={values.message}
            error={errors.message}
            readOnly={sending}
            onChange={(value) => set("message", value)}
          />
          <button type="submit" className="public-button" disabled={sending}>
            {sending ? "Sending…" : "Send message"}
          </button>
        </form>
      </section>

      <InfoLinks />
    </article>
  );
}
