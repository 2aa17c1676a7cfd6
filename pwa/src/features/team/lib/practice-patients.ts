import { DOCTOR_PATIENT_CAP } from "../../../../../sync/constants.ts";
import type { ApiClient } from "../../../lib/api/client.ts";
import type { ApiResult } from "../../../lib/api/index.ts";

/** A patient of the panel as `GET /doctorPatients/list/dropdown` lists them. */
export type PracticePatient = ApiResult<"/doctorPatients/list/dropdown", "GET">["list"][number];

/** The edge's largest page of `GET /doctorPatients/list/dropdown`. */
const PAGE = 100;

/**
 * Every patient of the signed-in doctor's practice, by last name, for the tasks' pickers: a panel is at most
 * DOCTOR_PATIENT_CAP (400) patients, four pages, the rest asked together once the first gives the count
 * (never more than twice the cap's pages, whatever the count says).
 */
export async function allPracticePatients(api: ApiClient, signal?: AbortSignal): Promise<PracticePatient[]> {
  const page = (offset: number) =>
    api.GET("/doctorPatients/list/dropdown", { query: { limit: PAGE, offset }, signal });
  const first = await page(0);
  const total = Math.min(first.totalCount, DOCTOR_PATIENT_CAP * 2);
  const offsets = [];
  for (let offset = PAGE; offset < total; offset += PAGE) offsets.push(offset);
  const rest = await Promise.all(offsets.map(page));
  // A patient joining or leaving between the pages shifts them: each patient once.
  return [...new Map([first, ...rest].flatMap((p) => p.list).map((patient) => [patient.id, patient])).values()];
}
