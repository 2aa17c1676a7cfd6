import { type DependencyList, useCallback, useEffect, useRef, useState } from "react";
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

/**
 * Loads what the chart reads from the REST API: loading, error and data states; `offline` instead of an error
 * when there is no network; reloads when the network comes back and when `deps` change. `device` is the same
 * answer made from the device's copy (the chart's entries, issue 31), when there is one: offline it stands in.
 */
export function useOnlineResource<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  device?: DeviceCopy<T>,
): OnlineResource<T> {
  const online = useConnection();
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: null,
    loading: true,
  });
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (!online) {
      setState((s) => ({ ...s, loading: false }));
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    loadRef.current(controller.signal)
      .then((data) => !controller.signal.aborted && setState({ data, error: null, loading: false }))
      .catch((error) => !controller.signal.aborted && setState((s) => ({ ...s, error, loading: false })));
    return () => controller.abort();
    // `deps` are the caller's; `version` forces a reload.
  }, [...deps, version, online]);

  const setData = useCallback((update: (data: T) => T) => {
    setState((s) => (s.data === undefined ? s : { ...s, data: update(s.data) }));
  }, []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // The device heard of a change of these entries (a write of this or another device): read the server's answer again.
  // `undefined` until the device has read its entries; "" once it has none: the first entry to arrive is a change too.
  useOnDeviceChange(device?.version, reload);
  // Recorded on this device and not yet pushed: the server does not know it yet (404), the device's copy stands in.
  const notThereYet = device?.notOnServerYet === true && state.error instanceof ApiError && state.error.code === 404;
  const offline = !online || (state.error instanceof ApiError && state.error.isNetworkError) || notThereYet;
  return {
    data: offline ? device?.copy : state.data,
    setData,
    loading: state.loading && !offline,
    error: state.error && !offline ? errorMessage(state.error) : null,
    offline,
    fromDevice: offline && device?.copy !== undefined,
    reload,
  };
}
