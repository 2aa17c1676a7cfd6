/** Test data for documents and faxes: two practices (the first with a fax number), a PDF made by our PDF module. */
import type { TestContext } from "../../test/harness.ts";
import { createPdf } from "../../platform/pdf.ts";

export const PRACTICE_FAX = "+15005550006";

export async function createDocumentPractices(ctx: TestContext) {
  const doctor = await ctx.createUser("doctor", { fax: PRACTICE_FAX, first_name: "Zoë", last_name: "Łukasz" });
  const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
  const patient = await ctx.createUser("patient", { doctor_id: doctor.id, first_name: "José", last_name: "Núñez" });
  const otherDoctor = await ctx.createUser("doctor", { fax: "+15005550009" });
  const otherVma = await ctx.createUser("vma", { doctor_id: otherDoctor.id });
  const otherPatient = await ctx.createUser("patient", { doctor_id: otherDoctor.id });
  const admin = await ctx.createUser("admin");
  return { doctor, vma, patient, otherDoctor, otherVma, otherPatient, admin };
}

export async function pdfBytes(text = "Referral letter"): Promise<Uint8Array> {
  return await createPdf([{ text: "Referral", bold: true }, { text }]);
}

/** Uploads a document as `token`; answers the reply. */
export async function upload(ctx: TestContext, token: string, file: { name: string; data: Uint8Array }, name?: string) {
  const form = new FormData();
  form.append("file", new File([file.data as BlobPart], file.name));
  if (name !== undefined) form.append("name", name);
  return await ctx.call("POST", "/documents", { token, form });
}
