/** What the patients' picker answers (`GET /doctorPatients/list/dropdown`, a list of these). */
import { z } from "zod";

/** A patient of the caller's practice in a picker. */
export const patientOptionSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.iso.date().nullable(),
}).strict();
export type PatientOption = z.output<typeof patientOptionSchema>;
