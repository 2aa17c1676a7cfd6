import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { ApiError, errorMessage } from "../../../lib/api/index.ts";
import { useConnection } from "./use-connection.ts";
import type { DeviceCopy } from "./use-device-entries.ts";
import { useOnDeviceChange } from "../../sync/index.ts";

export type OnlineResource<T> = {
  data: T | undefined;
  /** Changes the loaded data after a write answered by the server. */
  setData: (update: (data: T) => T) => void;
  loading: boolean;
  error: string | null;
  /** No network, or the request got no answer: the screen says it needs a connection, or shows the device's copy. */
  offline: boolean;
  /** Offline, `data` is the device's copy (issue 31): it reads, it does not edit. */
  fromDevice: boolean;
  reload: () => void;
};

export type OnlineQueryOptions<T> = {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  /** Asked again when this changes (a write elsewhere on the screen). */
  refreshOn?: unknown;
  /** A list's page or filter: the answer shown stays while the next one loads. */
  keepPrevious?: boolean;
};

/**
 * What the chart reads from the REST API, as a TanStack query: `offline` instead of an error when there is no
 * network; asked again when the network comes back and when the device hears of a change of these entries.
 * `device` is the same answer made from the device's copy (the chart's entries, issue 31), when there is one:
 * offline it stands in.
 */
export function useOnlineQuery<T>(options: OnlineQueryOptions<T>, device?: DeviceCopy<T>): OnlineResource<T> {
  const online = useConnection();
  const client = useQueryClient();
  const { queryKey } = options;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => options.queryFn({ signal }),
    enabled: online,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    // An error is shown (or the device's copy stands in) at once, as the screen always did.
    retry: false,
  });
  const key = useRef(queryKey);
  key.current = queryKey;
  const setData = useCallback((update: (data: T) => T) => {
    client.setQueryData<T>(key.current, (data) => (data === undefined ? data : update(data)));
  }, [client]);
  const { refetch } = query;
  // Only online: a refetch ignores `enabled`, and offline it would only fail (the device's copy stands in meanwhile;
  // the query asks again by itself when the network is back).
  const onlineNow = useRef(online);
  onlineNow.current = online;
  const reload = useCallback(() => {
    if (onlineNow.current) void refetch();
  }, [refetch]);
  const seen = useRef(options.refreshOn);
  useEffect(() => {
    if (seen.current === options.refreshOn) return;
    seen.current = options.refreshOn;
    reload();
  }, [options.refreshOn, reload]);
  // The device heard of a change of these entries (a write of this or another device): read the server's answer again.
  // `undefined` until the device has read its entries; "" once it has none: the first entry to arrive is a change too.
  useOnDeviceChange(device?.version, reload);
  // Recorded on this device and not yet pushed: the server does not know it yet (404), the device's copy stands in.
  const notThereYet = device?.notOnServerYet === true && query.error instanceof ApiError && query.error.code === 404;
  const offline = !online || (query.error instanceof ApiError && query.error.isNetworkError) || notThereYet;
  return {
    data: offline ? device?.copy : query.data,
    setData,
    loading: query.isFetching && !offline,
    error: query.isError && !offline ? errorMessage(query.error) : null,
    offline,
    fromDevice: offline && device?.copy !== undefined,
    reload,
  };
}
