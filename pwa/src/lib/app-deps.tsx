import { createContext, type ReactNode, useContext } from "react";
import { type ApiClient, createApiClient } from "./api/client.ts";
import { type ApiEvents, createApiEvents } from "./api/api-events.ts";
import { createPasswordHandoff, type PasswordHandoff } from "./session/password-handoff.ts";
import { createSessionStore, type SessionState, type SessionStore } from "./session/session-store.ts";
import type { KeyValueStorage } from "./session/token-storage.ts";
import type { RefreshCoordinator } from "./session/refresh-coordinator.ts";

/** Everything with side effects the UI needs, created once by the entry point (or by each test). */
export type AppDeps = {
  api: ApiClient;
  session: SessionStore;
  events: ApiEvents;
  /** Per-tab flags (sessionStorage), e.g. `inactiveNoticeClosed`. */
  tabFlags: KeyValueStorage;
  /** The password from the sign-in form to the on-device data layer (its local encryption key). */
  passwords: PasswordHandoff;
};

export type CreateAppDepsOptions = {
  storage: KeyValueStorage;
  tabFlags: KeyValueStorage;
  fetch?: typeof fetch;
  currentPath?: () => string;
  initialSession?: Partial<SessionState>;
  refreshCoordinator?: RefreshCoordinator;
};

export function createAppDeps(options: CreateAppDepsOptions): AppDeps {
  const session = createSessionStore(options.storage, options.initialSession, options.tabFlags);
  const events = createApiEvents();
  const api = createApiClient({
    session,
    events,
    fetch: options.fetch,
    currentPath: options.currentPath,
    refreshCoordinator: options.refreshCoordinator,
  });
  return { api, session, events, tabFlags: options.tabFlags, passwords: createPasswordHandoff() };
}

/** A Storage that lives in memory: for tests and for browsers that refuse storage. */
export function createMemoryStorage(seed: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(seed));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

const AppDepsContext = createContext<AppDeps | null>(null);

export function AppDepsProvider({ deps, children }: { deps: AppDeps; children: ReactNode }) {
  return <AppDepsContext.Provider value={deps}>{children}</AppDepsContext.Provider>;
}

export function useAppDeps(): AppDeps {
  const deps = useContext(AppDepsContext);
  if (!deps) throw new Error("useAppDeps needs an AppDepsProvider");
  return deps;
}

export function useApi(): ApiClient {
  return useAppDeps().api;
}
