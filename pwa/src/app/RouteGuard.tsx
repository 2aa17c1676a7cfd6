import { type ReactNode, useDeferredValue, useEffect, useSyncExternalStore } from "react";
import { Navigate, useLocation } from "react-router";
import { useAppDeps } from "../lib/app-deps.tsx";
import { FullScreenLoader } from "../ui/index.ts";
import { decideRoute, INACTIVE_NOTICE_CLOSED_KEY } from "../features/auth/index.ts";
import { OfflinePanel } from "./OfflinePanel.tsx";

/** Applies `decideRoute` to the current location; the decisions themselves live in guards.ts. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { session, tabFlags } = useAppDeps();
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  const location = useLocation();
  const decision = decideRoute(location.pathname, {
    status: state.status,
    user: state.user,
    logoutCause: state.logoutCause,
    inactiveNoticeClosed: tabFlags.getItem(INACTIVE_NOTICE_CLOSED_KEY) === "true",
  });
  const remember = decision.type === "redirect" ? decision.remember : undefined;
  // The session's changes render synchronously (useSyncExternalStore); a page opened by one (the signed-in
  // home once the stored sign-in is confirmed, when the app swaps its loader for the router and this guard
  // mounts) is mounted in a deferred, time-sliced render instead, so a phone's main thread is not blocked for
  // the whole page at once (issue 19). Meanwhile the loader stays. A guest's first page is not deferred.
  const allow = decision.type === "allow";
  const allowed = useDeferredValue(allow, state.user ? false : allow);

  useEffect(() => {
    if (remember) session.setRememberedPath(remember + location.search);
  }, [remember, location.search, session]);

  switch (decision.type) {
    case "allow":
      return allowed ? children : <FullScreenLoader label="Checking your sign-in" />;
    case "wait":
      return <FullScreenLoader label="Checking your sign-in" />;
    case "offline":
      return <OfflinePanel />;
    case "redirect":
      return <Navigate to={decision.to} replace />;
  }
}
