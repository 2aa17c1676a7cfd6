import { type DependencyList, useEffect, useRef, useState } from "react";
import { ApiError, errorMessage } from "../../../lib/api/index.ts";
import { useSyncStatus } from "../../sync/index.ts";

export type ApiOrDevice<T> = {
  data: T | undefined;
  loading: boolean;
  error: string | null;
  /** The answer is missing for lack of network: show the device's copy instead. */
  offline: boolean;
  reload: () => void;
};

/**
 * Loads from the API; when the browser is offline or the request gets no
 * answer, says `offline` so the screen reads the device's replicated copy.
 * Reloads when the network comes back and when `deps` change.
 */
export function useApiOrDevice<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): ApiOrDevice<T> {
  const { online } = useSyncStatus();
  const browserOnline = online && (typeof navigator === "undefined" || navigator.onLine !== false);
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: null,
    loading: true,
  });
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (!browserOnline) {
      setState((s) => ({ ...s, loading: false }));
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    loadRef.current(controller.signal)
      .then((data) => !controller.signal.aborted && setState({ data, error: null, loading: false }))
      .catch((error) => !controller.signal.aborted && setState((s) => ({ ...s, error, loading: false })));
    return () => controller.abort();
  }, [...deps, version, browserOnline]);

  const networkFailed = state.error instanceof ApiError && state.error.isNetworkError;
  const offline = !browserOnline || networkFailed;
  return {
    data: offline ? undefined : state.data,
    loading: state.loading && !offline,
    error: state.error && !offline ? errorMessage(state.error) : null,
    offline,
    reload: () => setVersion((v) => v + 1),
  };
}
