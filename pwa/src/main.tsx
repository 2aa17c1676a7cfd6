/**
 * The entry point: the only place that creates the app's dependencies,
 * the router and the service-worker registration.
 */
// First: the Trusted Types policy and zod's no-eval setting must be in place before anything runs.
import "./app/trusted-types.ts";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { registerSW } from "virtual:pwa-register";
import "./ui/index.ts";
import "./app/app.css";
import { App } from "./app/App.tsx";
import { createRoutes, preloadRoute } from "./app/routes.tsx";
import { createSwUpdateStore } from "./app/sw-update.ts";
import { createSessionActions } from "./features/auth/session-actions.ts";
// By file, not through the features' barrels: those also export the screens' hooks and forms, with the
// shared schemas, zod and libphonenumber behind them, which the landing page does not need (issue 19).
import { SyncProvider } from "./features/sync/components/SyncProvider.tsx";
import { createSyncEngine } from "./features/sync/lib/sync-engine.ts";
import { createTabChannel } from "./features/sync/lib/tab-channel.ts";
import { createAppDeps, createMemoryStorage } from "./lib/app-deps.tsx";
import type { KeyValueStorage } from "./lib/session/token-storage.ts";
import { createBrowserRefreshCoordinator } from "./lib/session/refresh-coordinator.ts";

const storage = storageOrMemory(() => globalThis.localStorage);
const tabFlags = storageOrMemory(() => globalThis.sessionStorage);
// One token refresh at a time across tabs (the refresh token is a rotating HttpOnly cookie).
const deps = createAppDeps({ storage, tabFlags, refreshCoordinator: createBrowserRefreshCoordinator() });
// The on-device data layer follows the session: it opens, locks and wipes the signed-in user's local data;
// a sign-out in one tab reaches the others through the tab channel.
const sync = createSyncEngine({ ...deps, storage, tabStorage: tabFlags, tabs: createTabChannel() });
const swUpdate = createSwUpdateStore();
const router = createBrowserRouter(createRoutes({ swUpdate }));

// React renders its own <title> per page; the static one only serves before the script runs.
document.querySelector("title[data-static-title]")?.remove();

const updateServiceWorker = registerSW({
  onNeedRefresh: () => swUpdate.offer(() => void updateServiceWorker(true)),
  onRegisterError: (error) => console.warn("Service worker registration failed", error),
});

// A stored sign-in: the page's screen is fetched while the sign-in is checked, not after.
if (deps.session.tokens.read()?.authorized) void preloadRoute(location.pathname);
void sync.start();
void createSessionActions(deps).start();

// The first render as a transition: React renders it in slices of a few milliseconds instead of one long task,
// so a phone's main thread stays responsive while the page builds (Lighthouse's total blocking time, issue 19).
const root = createRoot(document.getElementById("root")!);
startTransition(() =>
  root.render(
    <StrictMode>
      <SyncProvider engine={sync}>
        <App deps={deps} router={router} />
      </SyncProvider>
    </StrictMode>,
  )
);

function storageOrMemory(get: () => Storage): KeyValueStorage {
  try {
    const storage = get();
    storage.getItem("probe");
    return storage;
  } catch {
    return createMemoryStorage();
  }
}
