/**
 * An encounter's four order lists: from the orders API online (TanStack Query), and from the device's copy
 * (chart entries of kinds lab, imaging, referral, prescription; issue 31) when there is no network or the server
 * cannot be reached, so a doctor on a home visit still reads them. A prescription on the device gets its pharmacy
 * and allergy flags from the shipped lists and the patient's card on the device (`prescriptionOf`), so the
 * allergy warning works offline too. Online, a change the device hears of (a draft pushed from a device, another
 * device's write) reads the lists again.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useConnection, useDeviceEntries, useOnDeviceChange, usePanelPatient } from "../../sync/index.ts";
import { type ChartEntryOf, prescriptionOf } from "../../../../../sync/collections/index.ts";
import type { Imaging, Lab, Prescription, Referral } from "../../../../../sync/schemas/orders.ts";
import { ApiError } from "../../../lib/api/index.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { ordersKeys } from "../lib/keys.ts";

type Ordered = { id: string; encounterId: string; createdAt: string };
const inOrder = <T extends Ordered>(list: T[], encounterId: string) =>
  list.filter((o) => o.encounterId === encounterId)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
type OrderKind = "lab" | "imaging" | "referral" | "prescription";
const live = <K extends OrderKind>(entries: ChartEntryOf<K>[]): ChartEntryOf<K>["data"][] =>
  (entries as ChartEntryOf<OrderKind>[]).filter((e) => !e._deleted).map((e) => e.data) as ChartEntryOf<K>["data"][];

export type EncounterOrderLists = {
  labs: Lab[] | undefined; imagings: Imaging[] | undefined; referrals: Referral[] | undefined; prescriptions: Prescription[] | undefined;
  loading: { labs: boolean; imagings: boolean; referrals: boolean; prescriptions: boolean };
  /** A failure of the server (not of the network), or null. */
  error: unknown;
  /** No network (or no answer): the lists are the device's copy when `fromDevice`, else they need a connection. */
  offline: boolean;
  fromDevice: boolean;
  /** Orders made on this device that the server has not acknowledged yet. */
  waiting: ReadonlySet<string>;
};

export function useEncounterOrders(patientId: string, encounterId: string): EncounterOrderLists {
  const api = useApi();
  const client = useQueryClient();
  const online = useConnection();
  const key = (kind: string) => ordersKeys.encounterKind(encounterId, kind);
  const labs = useQuery({ queryKey: key("labs"), queryFn: ({ signal }) => api.GET("/encounterLabs/list/{encounterId}", { path: { encounterId }, signal }), retry: false });
  const imagings = useQuery({
    queryKey: key("imaging"),
    queryFn: ({ signal }) => api.POST("/encounterImagings/list/{encounterId}", { path: { encounterId }, body: { offset: 0, limit: 100 }, signal }),
    retry: false,
  });
  const referrals = useQuery({
    queryKey: key("referrals"),
    queryFn: ({ signal }) => api.GET("/encounterReferrals/{encounterId}", { path: { encounterId }, query: { limit: 100 }, signal }),
    retry: false,
  });
  const prescriptions = useQuery({
    queryKey: key("prescriptions"),
    queryFn: ({ signal }) => api.GET("/encounterPrescriptions/list/{encounterId}", { path: { encounterId }, signal }),
    retry: false,
  });

  // The device's copy: the care team's of the chart; the patient's of what was shared with them (their view).
  const device = patientId;
  const allergies = usePanelPatient(device).patient?.card?.allergies ?? [];
  const allergyKey = allergies.map((a) => a.name).join("\n");
  const dLabs = useDeviceEntries(device, "lab", (e) => inOrder(live(e), encounterId), [encounterId]);
  const dImagings = useDeviceEntries(device, "imaging", (e) => inOrder(live(e), encounterId), [encounterId]);
  const dReferrals = useDeviceEntries(device, "referral", (e) => inOrder(live(e), encounterId), [encounterId]);
  const dPrescriptions = useDeviceEntries(device, "prescription",
    (e) => inOrder(live(e), encounterId).map((p) => prescriptionOf(p, allergies.map((a) => ({ name: a.name ?? "" })))), [encounterId, allergyKey]);
  const deviceLists = [dLabs, dImagings, dReferrals, dPrescriptions];

  // Online: a change the device heard of reads the server's lists again (the first reading is not a change).
  const version = deviceLists.every((d) => d.version !== undefined) ? deviceLists.map((d) => d.version).join("|") : undefined;
  useOnDeviceChange(version, () => {
    if (online) void client.invalidateQueries({ queryKey: ordersKeys.encounter(encounterId) });
  });

  const queries = [labs, imagings, referrals, prescriptions];
  const networkFailed = queries.some((q) => q.error instanceof ApiError && q.error.isNetworkError);
  const paused = queries.some((q) => q.fetchStatus === "paused" && q.data === undefined);
  const offline = !online || networkFailed || paused;
  const fromDevice = offline && deviceLists.every((d) => d.copy !== undefined);
  const error = offline ? null : queries.find((q) => q.error)?.error ?? null;
  const waiting = new Set(deviceLists.flatMap((d) => [...(d.waiting ?? [])]));
  return offline
    ? {
      labs: dLabs.copy, imagings: dImagings.copy, referrals: dReferrals.copy, prescriptions: dPrescriptions.copy,
      loading: { labs: false, imagings: false, referrals: false, prescriptions: false }, error: null, offline, fromDevice, waiting,
    }
    : {
      labs: labs.data, imagings: imagings.data?.list, referrals: referrals.data?.list, prescriptions: prescriptions.data,
      loading: { labs: labs.isLoading, imagings: imagings.isLoading, referrals: referrals.isLoading, prescriptions: prescriptions.isLoading },
      error, offline, fromDevice, waiting,
    };
}
