import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { RouterProvider } from "react-router";
import type { createBrowserRouter } from "react-router";
import { createSessionActions } from "../features/auth/session-actions.ts";
import { type AppDeps, AppDepsProvider } from "../lib/app-deps.tsx";
import { FullScreenLoader, SnackbarProvider } from "../ui/index.ts";

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The root: dependencies, snackbars and the router. While a stored sign-in
 * is being checked only the full-screen loader shows (01 §2).
 */
export function App({ deps, router }: { deps: AppDeps; router: AppRouter }) {
  const { session, api } = deps;
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  const actions = useMemo(() => createSessionActions({ api, session }), [api, session]);
  // REST-backed screens' cache (TanStack Query); keys per domain. One per app, emptied whenever
  // the signed-in user changes, so nothing of one user's answers shows to the next on a shared device.
  // Answers are stale at once: a screen opened again asks the server again (it shows the cached answer meanwhile).
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  const userId = state.user?.id ?? null;
  const shownUser = useRef(userId);
  useEffect(() => {
    // Only on a change of user: clearing on mount would drop the first screen's queries in flight.
    if (shownUser.current === userId) return;
    shownUser.current = userId;
    queryClient.clear();
  }, [userId, queryClient]);

  // Back online after an unverified start: check the stored sign-in again.
  useEffect(() => {
    if (state.status !== "offline") return;
    const retry = () => void actions.start();
    globalThis.addEventListener("online", retry);
    return () => globalThis.removeEventListener("online", retry);
  }, [state.status, actions]);

  return (
    <AppDepsProvider deps={deps}>
      <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        {state.status === "checking" && !state.user
          ? <FullScreenLoader label="Checking your sign-in" />
          : <RouterProvider router={router} />}
      </SnackbarProvider>
      </QueryClientProvider>
    </AppDepsProvider>
  );
}
