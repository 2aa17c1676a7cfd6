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
  const { field } = form;
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
            {...field("name")}
            name="name"
            label="Name"
            autoComplete="name"
            maxLength={shape.name.maxLength ?? undefined}
            readOnly={sending}
          />
          <TextField
            {...field("email")}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            readOnly={sending}
          />
          <TextField
            {...field("subject")}
            name="subject"
            label="Subject"
            maxLength={shape.subject.maxLength ?? undefined}
            readOnly={sending}
          />
          <TextField
            {...field("message")}
            name="message"
            label="Message"
            multiline
            maxLength={shape.message.maxLength ?? undefined}
            readOnly={sending}
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
