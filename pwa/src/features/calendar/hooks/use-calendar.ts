import { useApi } from "../../../lib/app-deps.tsx";
import { calendarKeys } from "../keys.ts";
import { useConsultations, useServerOrDevice } from "../../sync/index.ts";
import { type CalendarView, momentOf, offlineCalendar, offlineStatistic } from "../lib/calendar-view.ts";

/**
 * `GET /calendar` for the view and the month's `statistic`, in the viewer's
 * timezone; offline, both from the device's replicated consultations.
 */
export function useCalendar(q: { doctorId: string; view: CalendarView; date: string; timeZone: string; now: Date }) {
  const api = useApi();
  const device = useConsultations({ doctorId: q.doctorId });
  const signature = device.items.map((c) => `${c.id}:${c.updatedAt}`).join(",");
  const moment = momentOf(q.date, q.timeZone);
  const remote = useServerOrDevice({
    queryKey: calendarKeys.view({ doctorId: q.doctorId, view: q.view, date: q.date, timeZone: q.timeZone }),
    refreshOn: signature,
    keepPrevious: true,
    retryOnce: true,
    queryFn: async ({ signal }) => {
      const query = { doctorId: q.doctorId, timestamp: String(moment.getTime()), timezone: q.timeZone };
      const [days, statistic] = await Promise.all([
        api.GET("/calendar", { query: { ...query, type: q.view }, signal }),
        api.GET("/calendar", { query: { ...query, type: "statistic" }, signal }),
      ]);
      // One route answers both: the days of a view, or the statistic.
      if (days.type === "statistic" || statistic.type !== "statistic") throw new Error("The calendar answered another view than asked for");
      return { days, statistic };
    },
  });

  if (remote.offline) {
    const items = device.items;
    const base = { moment, timeZone: q.timeZone, doctorId: q.doctorId, items };
    return {
      days: offlineCalendar({ ...base, view: q.view }),
      statistic: offlineStatistic({ ...base, now: q.now }),
      loading: device.loading,
      error: null,
      offline: true,
      reload: remote.reload,
    };
  }
  return {
    days: remote.data?.days ?? null,
    statistic: remote.data?.statistic ?? null,
    loading: remote.loading,
    error: remote.error,
    offline: false,
    reload: remote.reload,
  };
}
