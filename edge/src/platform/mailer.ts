/** Email: SMTP through nodemailer when SMTP_URL is set, otherwise the outbox table and the log. */
import type { Logger } from "./log.ts";
import type { Outbox } from "./outbox.ts";

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void> };

export async function createSmtpMailer(url: string, from: string): Promise<Mailer> {
  const { createTransport } = await import("nodemailer");
  const transport = createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

export function createOutboxMailer(outbox: Outbox, log: Logger): Mailer {
  return {
    async send(mail) {
      await outbox.put("email", mail.to, mail.subject, mail.text);
      log.info("mail kept in outbox", { to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
