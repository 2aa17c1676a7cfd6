import { useSyncExternalStore } from "react";
import { useSyncStatus } from "./use-sync-status.ts";

const subscribe = (onChange: () => void) => {
  globalThis.addEventListener("online", onChange);
  globalThis.addEventListener("offline", onChange);
  return () => {
    globalThis.removeEventListener("online", onChange);
    globalThis.removeEventListener("offline", onChange);
  };
};
const browserOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;

/** Whether the browser has a network (its own events, and the data layer's view of it). */
export function useConnection(): boolean {
  const { online } = useSyncStatus();
  const browser = useSyncExternalStore(subscribe, browserOnline, () => true);
  return online && browser;
}
