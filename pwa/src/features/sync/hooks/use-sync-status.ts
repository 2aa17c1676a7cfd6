import { useCallback, useSyncExternalStore } from "react";
import type { SyncStatus } from "../contract.ts";
import { initialStatus } from "../lib/status.ts";
import { useSyncEngine } from "./sync-context.ts";

const SIGNED_OUT = initialStatus(true);
const noSubscribe = () => () => {};
const signedOut = () => SIGNED_OUT;

export function useSyncStatus(): SyncStatus {
  const engine = useSyncEngine();
  return useSyncExternalStore(engine?.status.subscribe ?? noSubscribe, engine?.status.get ?? signedOut, engine?.status.get ?? signedOut);
}

/** Unlocks the local data with the account password (offline when a wrapped key is stored). */
export function useUnlock(): (password: string) => Promise<void> {
  const engine = useSyncEngine();
  return useCallback(
    (password: string) => engine ? engine.unlock(password) : Promise.reject(new Error("Nothing to unlock")),
    [engine],
  );
}

/** Tells the data layer the account password changed in this tab (re-wraps the local key). */
export function usePasswordChanged(): (password: string) => Promise<void> {
  const engine = useSyncEngine();
  return useCallback((password: string) => engine ? engine.passwordChanged(password) : Promise.resolve(), [engine]);
}
