import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import type { createBrowserRouter } from "react-router";
import { createSessionActions } from "../features/auth/index.ts";
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
  // REST-backed screens' cache (TanStack Query); synced data stays in RxDB.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }));

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
