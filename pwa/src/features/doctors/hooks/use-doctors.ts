import { useApi } from "../../../lib/app-deps.tsx";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { doctorKeys } from "../keys.ts";
import type { DoctorFilter } from "../lib/doctor-filter.ts";

export const DOCTORS_PAGE_SIZE = 12;

/** `GET /doctors` (public): listed doctors, rating first unless the filter says name. */
export function useDoctors(filter: DoctorFilter) {
  const api = useApi();
  const state = useQuery({
    queryKey: doctorKeys.list(filter),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.GET("/doctors", {
        query: {
          state: filter.state || undefined,
          specialty: filter.specialty || undefined,
          search: filter.search.trim() || undefined,
          order: filter.order,
          offset: filter.offset,
          limit: DOCTORS_PAGE_SIZE,
        },
        signal,
      }),
  });
  return {
    list: state.data?.list ?? [],
    totalCount: state.data?.totalCount ?? 0,
    loading: state.isFetching,
    error: state.isError ? errorMessage(state.error) : null,
    reload: () => void state.refetch(),
  };
}

/** `GET /doctors/{id}`: a listed doctor's card (null when not listed or not a doctor). */
export function useDoctorCard(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: doctorKeys.card(id),
    queryFn: ({ signal }) => api.GET("/doctors/{id}", { path: { id }, signal }).catch(() => null),
  });
}
