import type { ReactNode } from "react";
import { SyncEngineContext } from "../hooks/sync-context.ts";
import type { SyncEngine } from "../lib/sync-engine.ts";
import "./sync.css";

/** Makes the on-device data layer (created once by the entry point) available to the hooks. */
export function SyncProvider({ engine, children }: { engine: SyncEngine; children: ReactNode }) {
  return <SyncEngineContext.Provider value={engine}>{children}</SyncEngineContext.Provider>;
}
