/**
 * The sync status every screen reads (contract `SyncStatus`): a pure reducer
 * over what the engine observes, a tiny store around it, and the words the
 * header indicator shows.
 */
import type { LocalDataState, SyncStatus } from "../contract.ts";

export type StatusModel = SyncStatus & { pendingDocs: number; pendingUploads: number };

export type StatusEvent =
  | { type: "network"; online: boolean }
  | { type: "socket"; connected: boolean }
  | { type: "pendingDocs"; count: number }
  | { type: "pendingUploads"; count: number }
  | { type: "synced"; at: string }
  | { type: "internetFailure"; failed: boolean }
  | { type: "state"; state: LocalDataState };

export function initialStatus(online: boolean): StatusModel {
  return {
    online,
    connected: false,
    pending: 0,
    pendingDocs: 0,
    pendingUploads: 0,
    lastSyncedAt: null,
    internetFailure: false,
    state: "none",
  };
}

export function reduceStatus(status: StatusModel, event: StatusEvent): StatusModel {
  switch (event.type) {
    case "network":
      return { ...status, online: event.online, connected: event.online && status.connected };
    case "socket":
      return { ...status, connected: event.connected };
    case "pendingDocs":
      return withPending({ ...status, pendingDocs: Math.max(0, event.count) });
    case "pendingUploads":
      return withPending({ ...status, pendingUploads: Math.max(0, event.count) });
    case "synced":
      return status.lastSyncedAt && status.lastSyncedAt >= event.at ? status : { ...status, lastSyncedAt: event.at };
    case "internetFailure":
      return { ...status, internetFailure: event.failed };
    case "state":
      // Signed out: nothing of the previous user's activity stays in view.
      if (event.state === "none") return { ...initialStatus(status.online), internetFailure: status.internetFailure };
      return { ...status, state: event.state, connected: event.state === "ready" && status.connected };
  }
}

const withPending = (status: StatusModel): StatusModel => ({ ...status, pending: status.pendingDocs + status.pendingUploads });

export type StatusStore = {
  get(): StatusModel;
  dispatch(event: StatusEvent): void;
  subscribe(listener: () => void): () => void;
};

export function createStatusStore(online: boolean): StatusStore {
  let status = initialStatus(online);
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    dispatch(event) {
      const next = reduceStatus(status, event);
      if (next === status || sameStatus(next, status)) return;
      status = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function sameStatus(a: StatusModel, b: StatusModel): boolean {
  return (Object.keys(a) as (keyof StatusModel)[]).every((key) => a[key] === b[key]);
}

/** `short` is for phone widths, where the header has room for a few characters only. */
export type StatusText = { text: string; short: string; tone: "ok" | "busy" | "warning" | "locked" };

const changes = (n: number) => (n === 1 ? "1 change waiting" : `${n} changes waiting`);

/** The indicator's words; `formatTime` is injected so tests do not depend on the machine's locale. */
export function describeStatus(status: SyncStatus, formatTime: (iso: string) => string): StatusText | null {
  switch (status.state) {
    case "none":
      return null;
    case "locked":
      return { text: "Locked · unlock your data", short: "Locked", tone: "locked" };
    case "outdated":
      return { text: "Update needed to sync", short: "Update", tone: "warning" };
    case "error":
      return { text: "Local data unavailable", short: "Error", tone: "warning" };
    case "opening":
      return { text: "Opening your data…", short: "Opening", tone: "busy" };
    case "ready":
      break;
  }
  if (!status.online || status.internetFailure) {
    const text = status.pending ? `Offline · ${changes(status.pending)}` : "Offline";
    return { text, short: status.pending ? `Offline · ${status.pending}` : "Offline", tone: "warning" };
  }
  if (status.pending) return { text: `Syncing · ${changes(status.pending)}`, short: `${status.pending} waiting`, tone: "busy" };
  if (status.lastSyncedAt) {
    const time = formatTime(status.lastSyncedAt);
    return { text: `Synced ${time}`, short: time, tone: "ok" };
  }
  return { text: "Connecting…", short: "Connecting", tone: "busy" };
}
