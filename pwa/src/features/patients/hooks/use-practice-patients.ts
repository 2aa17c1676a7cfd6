import type { ListResult } from "../../../../../sync/envelope.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useLoad } from "../../../lib/use-load.ts";
import type { PatientOption } from "../patient-display.ts";

export const PATIENTS_PAGE_SIZE = 20;

/** `GET /doctorPatients/list/dropdown?search&offset&limit`: the practice's patients. */
export function usePracticePatients(query: { search: string; offset: number }) {
  const api = useApi();
  const search = query.search.trim();
  const state = useLoad(
    (signal) =>
      api.get<ListResult<PatientOption>>("/doctorPatients/list/dropdown", {
        query: { search: search || undefined, offset: query.offset, limit: PATIENTS_PAGE_SIZE },
        signal,
      }),
    [api, search, query.offset],
  );
  return {
    list: state.data?.list ?? [],
    totalCount: state.data?.totalCount ?? 0,
    loading: state.loading,
    error: state.error,
    reload: state.reload,
  };
}
