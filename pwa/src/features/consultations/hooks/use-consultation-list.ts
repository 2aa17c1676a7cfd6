import type { ConsultationTab } from "../../../../../sync/schemas/consultation.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useConsultations, useServerOrDevice } from "../../sync/index.ts";
import { type ConsultationView, filterTab, fromApi, fromDevice } from "../lib/consultation-view.ts";
import { consultationKeys } from "../keys.ts";

export const CONSULTATIONS_PAGE_SIZE = 10;

/**
 * `GET /consultations?tab=&offset=&limit=`; offline, the same tab from the
 * device's replicated copy (read-only). A change reaching the device (the other
 * party accepted, canceled…) reloads the list.
 */
export function useConsultationList(query: { tab: ConsultationTab; offset: number; userId: string; now: Date }) {
  const api = useApi();
  const device = useConsultations();
  // Every replicated change gives a new signature, and so a fresh answer from the API.
  const signature = device.items.map((c) => `${c.id}:${c.updatedAt}`).join(",");
  const remote = useServerOrDevice({
    queryKey: consultationKeys.list(query.tab, query.offset),
    queryFn: ({ signal }) =>
      api.GET("/consultations", {
        query: { tab: query.tab, offset: query.offset, limit: CONSULTATIONS_PAGE_SIZE },
        signal,
      }),
    refreshOn: signature,
    keepPrevious: true,
    retryOnce: true,
  });
  // Requests still waiting for the doctor (read on the device; issue 32: an empty Upcoming tab points to them).
  const waiting = device.items.filter((c) => !c._deleted && c.status === "requested" && new Date(c.endAt) > query.now).length;
  if (remote.offline) {
    const all = filterTab(device.items.map((d) => fromDevice(d, query.userId, query.now)), query.tab, query.now);
    return {
      list: all.slice(query.offset, query.offset + CONSULTATIONS_PAGE_SIZE),
      totalCount: all.length,
      loading: device.loading,
      error: null,
      offline: true,
      waiting,
      reload: remote.reload,
    };
  }
  return {
    list: (remote.data?.list ?? []).map(fromApi) as ConsultationView[],
    totalCount: remote.data?.totalCount ?? 0,
    loading: remote.loading,
    error: remote.error,
    offline: false,
    waiting,
    reload: remote.reload,
  };
}
