/**
 * An IANA timezone name, as the runtime's Intl knows it. Its own file: the availability, consultation and
 * calendar schemas need it without auth.ts's sign-up rules (the common-password list, libphonenumber), which a
 * screen of consultations has no use for (issue 19).
 */
import { z } from "zod";

export const timezoneSchema = z
  .string({ error: "Timezone is required" })
  .trim()
  .min(1, "Timezone is required")
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, "Choose a valid timezone");
