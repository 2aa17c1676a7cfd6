import { addDays, startOfZonedDay, zonedDate } from "../../../../../sync/rules/zoned-time.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { consultationKeys } from "../keys.ts";
import { groupSlotsByDay } from "../lib/slot-groups.ts";

/** Days of free slots fetched at once (the API allows up to 31). */
export const SLOT_WINDOW_DAYS = 7;

/** The first day of the window `page` windows after today, in `timeZone`. */
export function windowStart(page: number, timeZone: string, now = new Date()): string {
  return addDays(zonedDate(now, timeZone), page * SLOT_WINDOW_DAYS);
}

/**
 * `GET /availability/slots`: a doctor's free slots over `SLOT_WINDOW_DAYS` days
 * from `firstDay`, the days counted in the viewer's `timeZone`.
 */
export function useFreeSlots(doctorId: string, firstDay: string, timeZone: string) {
  const api = useApi();
  const state = useQuery({
    queryKey: consultationKeys.freeSlots(doctorId, firstDay, timeZone),
    // The window shown stays while the next one loads; the list changes only when asked (a new window, "Try again").
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) => {
      const from = startOfZonedDay(firstDay, timeZone);
      const to = startOfZonedDay(addDays(firstDay, SLOT_WINDOW_DAYS), timeZone);
      const result = await api.GET("/availability/slots", {
        query: { doctorId, from: from.toISOString(), to: to.toISOString(), limit: 2000 },
        signal,
      });
      return result.list;
    },
  });
  return {
    days: state.data ? groupSlotsByDay(state.data, timeZone) : [],
    count: state.data?.length ?? 0,
    loading: state.isFetching,
    error: state.isError ? errorMessage(state.error) : null,
    reload: () => void state.refetch(),
  };
}
