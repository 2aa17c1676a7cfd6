import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { ApiError, errorMessage } from "../../../lib/api/index.ts";
import { useSyncStatus } from "../../sync/index.ts";

export type QueryOrDevice<T> = {
  data: T | undefined;
  loading: boolean;
  error: string | null;
  /** The answer is missing for lack of network: show the device's copy instead. */
  offline: boolean;
  reload: () => void;
};

/**
 * A TanStack query for a screen that has the device's replicated copy to fall back on: when the browser is
 * offline or the request gets no answer, says `offline` so the screen reads the device's copy. Asks again when
 * the network comes back and when `refreshOn` changes (a replicated change reached the device); the answer
 * shown stays while the next one loads.
 */
export function useQueryOrDevice<T>(options: {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  refreshOn?: string;
}): QueryOrDevice<T> {
  const { online } = useSyncStatus();
  const browserOnline = online && (typeof navigator === "undefined" || navigator.onLine !== false);
  const client = useQueryClient();
  const query = useQuery({
    queryKey: options.queryKey,
    queryFn: ({ signal }) => options.queryFn({ signal }),
    enabled: browserOnline,
    placeholderData: keepPreviousData,
    // No answer for lack of network is not worth a retry: the device's copy shows at once.
    retry: (count, error) => !(error instanceof ApiError && error.isNetworkError) && count < 1,
  });
  const seen = useRef(options.refreshOn);
  useEffect(() => {
    if (seen.current === options.refreshOn) return;
    seen.current = options.refreshOn;
    void client.invalidateQueries({ queryKey: options.queryKey });
    // The key's content is what matters, not its identity.
  }, [options.refreshOn, client, JSON.stringify(options.queryKey)]);

  const networkFailed = query.error instanceof ApiError && query.error.isNetworkError;
  const offline = !browserOnline || networkFailed;
  return {
    data: offline ? undefined : query.data,
    loading: query.isFetching && !offline,
    error: query.isError && !offline ? errorMessage(query.error) : null,
    offline,
    // Only online: a refetch ignores `enabled`, and offline it would only fail.
    reload: () => {
      if (browserOnline) void query.refetch();
    },
  };
}
