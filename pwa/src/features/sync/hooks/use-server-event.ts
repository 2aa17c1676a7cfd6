import { useCallback, useEffect, useRef } from "react";
import { useSyncEngine } from "./sync-context.ts";

/**
 * Calls `handler` for every `name` event the server sends on the live channel
 * (01 §7: `message:received`, `chat:read`, `chat:new`, `chat:removed`,
 * `user:joined`, `user:leaved`, `online:init`, `user:forceLogout`, `app:login`,
 * `siteNotification:new`, `chat:export:*`, `upload:attachment`, …) while the
 * component is mounted. The latest `handler` is used, so it need not be stable.
 * The payload is as the server sent it (unknown): parse what you use.
 * `sync:*` events are the data layer's own and never reach here.
 */
export function useServerEvent(name: string, handler: (payload: unknown) => void): void {
  const engine = useSyncEngine();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => engine?.events.on(name, (payload) => latest.current(payload)), [engine, name]);
}

/** Emits an event to the server; false (nothing sent, nothing queued) while the live channel is down. */
export function useServerEmit(): (name: string, ...args: unknown[]) => boolean {
  const engine = useSyncEngine();
  return useCallback((name: string, ...args: unknown[]) => engine?.events.emit(name, ...args) ?? false, [engine]);
}
