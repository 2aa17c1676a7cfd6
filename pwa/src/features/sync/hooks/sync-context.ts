import { createContext, useContext, useSyncExternalStore } from "react";
import type { LocalData } from "../lib/local-data.ts";
import type { SyncEngine } from "../lib/sync-engine.ts";

export const SyncEngineContext = createContext<SyncEngine | null>(null);

/** The engine, or null outside a SyncProvider (then every list is empty and every write is refused). */
export function useSyncEngine(): SyncEngine | null {
  return useContext(SyncEngineContext);
}

const noLocal = () => null;
const noSubscribe = () => () => {};

/** The open local data of the signed-in user, or null while signed out, locked or opening. */
export function useLocalData(): LocalData | null {
  const engine = useSyncEngine();
  return useSyncExternalStore(engine?.subscribe ?? noSubscribe, engine?.local ?? noLocal, engine?.local ?? noLocal);
}

export function requireLocal(engine: SyncEngine | null): LocalData {
  const local = engine?.local();
  if (!local) throw new Error("Your data on this device is not open yet. Unlock it, or sign in.");
  return local;
}
