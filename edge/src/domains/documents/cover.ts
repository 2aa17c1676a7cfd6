/** A fax's cover page: who sends it to whom, how many pages follow, and the sender's note. */
import { createPdf } from "../../platform/pdf.ts";

export type Cover = {
  fromName: string;
  fromFax: string | null;
  fromPhone: string | null;
  toName: string;
  toFax: string;
  pages: number;
  note: string;
  sentAt: Date;
};

export function coverPage(c: Cover): Promise<Uint8Array> {
  return createPdf([
    { text: "FAX", bold: true },
    { text: "" },
    { text: `Date: ${c.sentAt.toISOString().slice(0, 16).replace("T", " ")} UTC` },
    { text: `To: ${c.toName || "Recipient"}` },
    { text: `Fax: ${c.toFax}` },
    { text: "" },
    { text: `From: ${c.fromName}` },
    ...(c.fromFax ? [{ text: `Fax: ${c.fromFax}` }] : []),
    ...(c.fromPhone ? [{ text: `Phone: ${c.fromPhone}` }] : []),
    { text: "" },
    { text: `Pages (not counting this cover): ${c.pages}` },
    { text: "" },
    ...(c.note.trim() ? [{ text: "Note", bold: true }, { text: c.note }, { text: "" }] : []),
    { text: "CONFIDENTIAL", bold: true },
    {
      text: "This fax may contain protected health information. If you received it in error, please tell the sender " +
        "at the number above and destroy every copy.",
    },
  ], { title: "Fax cover page" });
}
