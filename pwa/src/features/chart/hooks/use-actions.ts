import { useCallback, useState } from "react";
import { errorMessage } from "../../../lib/api/index.ts";
import { useSnackbar } from "../../../ui/index.ts";

/**
 * Runs the chart's one-click writes (share, send, delete…): `busy` names the one
 * in flight; success and every server error are said by the snackbar.
 */
export function useActions() {
  const notify = useSnackbar();
  const [busy, setBusy] = useState<string | null>(null);
  const run = useCallback(async <T,>(key: string, action: () => Promise<T>, success?: string): Promise<T | undefined> => {
    setBusy(key);
    try {
      const result = await action();
      if (success) notify(success, "success");
      return result;
    } catch (error) {
      notify(errorMessage(error), "error");
      return undefined;
    } finally {
      setBusy(null);
    }
  }, [notify]);
  return { run, busy };
}
