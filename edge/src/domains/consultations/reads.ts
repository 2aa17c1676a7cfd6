/**
 * What another domain reads about consultations without a caller: the time a doctor's consultations hold
 * (availability cuts the free slots from it; it is built before the consultations service, which uses it).
 * Reads for a caller go through the consultations service; the SQL stays in ./repo.ts.
 */
import type { Sql } from "../../db/connect.ts";
import type { TimeRange } from "../../../../sync/rules/slots.ts";
import { createConsultationsRepo } from "./repo.ts";

/** The time the doctor's consultations holding a slot take in the range. */
export async function doctorBusy(sql: Sql, doctorId: string, range: TimeRange): Promise<TimeRange[]> {
  return await createConsultationsRepo(sql).doctorBusy(sql, doctorId, range);
}
