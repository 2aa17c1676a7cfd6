/**
 * The one way a screen reads the REST API when the device holds a copy to fall back on (the chart's entries, the
 * consultations, the calendar): the server's answer when there is a network, the device's otherwise.
 */
import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { ApiError, errorMessage } from "../../../lib/api/index.ts";
import { useConnection } from "./use-connection.ts";
import type { DeviceCopy } from "./use-device-entries.ts";
import { useOnDeviceChange } from "./use-on-device-change.ts";

export type ServerOrDevice<T> = {
  /** The server's answer; offline, the device's copy when one was given (else undefined). */
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

export type ServerOrDeviceOptions<T> = {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  /** Asked again when this changes (a write elsewhere on the screen, a replicated change that reached the device). */
  refreshOn?: unknown;
  /** A list's page or filter, or another record: the answer shown stays while the next one loads. */
  keepPrevious?: boolean;
  /**
   * An error answer is asked once more before it is shown (the app's default); without it the error is shown at
   * once. No answer for lack of network is never asked again: the device's copy shows at once.
   */
  retryOnce?: boolean;
};

const networkFailure = (error: unknown) => error instanceof ApiError && error.isNetworkError;

/**
 * A TanStack query with `offline` instead of an error when there is no network or the request gets no answer;
 * asked again when the network comes back, when `refreshOn` changes and when the device hears of a change of
 * `device`'s entries. `device` is the same answer made from the device's copy (`useDeviceEntries`): offline it
 * stands in. A screen without one reads its own device copy when `offline` is said.
 */
export function useServerOrDevice<T>(options: ServerOrDeviceOptions<T>, device?: DeviceCopy<T>): ServerOrDevice<T> {
  const online = useConnection();
  const client = useQueryClient();
  const { queryKey } = options;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => options.queryFn({ signal }),
    enabled: online,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    retry: options.retryOnce ? (count, error) => !networkFailure(error) && count < 1 : false,
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
  const offline = !online || networkFailure(query.error) || notThereYet;
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
