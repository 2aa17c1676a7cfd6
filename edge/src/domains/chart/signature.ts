/**
 * The signature block of the documents a doctor signs (issue 32: encounter PDFs, printed and faxed): the doctor's
 * name and the signature image they uploaded (`PUT /doctors/sign`; at registration too); a doctor with none on file
 * is printed as unsigned, never with someone else's image.
 */
import type { Deps } from "../../deps.ts";
import type { PdfLine } from "../../platform/pdf.ts";

export function createSignatureBlock(deps: Pick<Deps, "sql" | "blobs">) {
  return async function signatureBlock(doctorId: string): Promise<PdfLine[]> {
    const [doctor] = await deps.sql<{ first_name: string; last_name: string; sign_blob_id: string | null }[]>`
      select first_name, last_name, sign_blob_id from users where id = ${doctorId} and role = 'doctor'`;
    if (!doctor) return [];
    const name = `Dr. ${doctor.first_name} ${doctor.last_name}`;
    const blob = doctor.sign_blob_id ? await deps.blobs.get(doctor.sign_blob_id) : null;
    if (!blob) return [{ text: `${name}: no signature on file` }];
    return [{ text: "Signed", bold: true }, { image: blob.data, contentType: blob.contentType, height: 48 }, { text: name }];
  };
}
export type SignatureBlock = ReturnType<typeof createSignatureBlock>;
