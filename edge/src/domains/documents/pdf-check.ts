/** A PDF that starts like one but cannot be read (issue 32): refused with the reason where it enters, and again before a fax. */
import { badRequest } from "../../http/errors.ts";
import { isReadablePdf } from "../../platform/pdf.ts";

export const DAMAGED_PDF = "This PDF is damaged and cannot be read. Save or export it again, then upload the new file.";

export async function requireReadablePdf(bytes: Uint8Array): Promise<void> {
  if (!(await isReadablePdf(bytes))) throw badRequest(DAMAGED_PDF, { reason: "DAMAGED_FILE", fields: { file: DAMAGED_PDF } });
}
