/**
 * A fax number is one practice's: received faxes go to the approved doctor whose number they were sent to
 * (documents/faxes.ts). A doctor cannot save, nor an applicant be approved with, a number an approved doctor has.
 */
import type { Queryable } from "../../db/connect.ts";
import { AppError } from "../../http/errors.ts";

export const FAX_TAKEN = "This fax number belongs to another practice";

export async function assertFaxFree(q: Queryable, fax: string | null | undefined, doctorId: string) {
  if (!fax) return;
  const [taken] = await q`select 1 from users where role = 'doctor' and application_status = 'approved' and fax = ${fax}
    and id <> ${doctorId} limit 1`;
  if (taken) throw new AppError(409, FAX_TAKEN, { reason: "FAX_TAKEN", fields: { fax: FAX_TAKEN } });
}
