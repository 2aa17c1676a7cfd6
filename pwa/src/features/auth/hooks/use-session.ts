import { useCallback, useMemo, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";
import { INACTIVE_NOTICE_CLOSED_KEY, postSignInPath } from "../guards.ts";
import { useAppDeps } from "../../../lib/app-deps.tsx";
import type { SessionState } from "../../../lib/session/session-store.ts";
import { createSessionActions, type SessionActions } from "../session-actions.ts";

export type UseSession = SessionState & SessionActions;

/** The session state (re-rendering on change) and its actions. */
export function useSession(): UseSession {
  const { api, session, passwords } = useAppDeps();
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  const actions = useMemo(() => createSessionActions({ api, session, passwords }), [api, session, passwords]);
  return useMemo(() => ({ ...state, ...actions }), [state, actions]);
}

/** The signed-in user; only for pages behind the signed-in guard. */
export function useCurrentUser(): AuthUser {
  const { user } = useSession();
  if (!user) throw new Error("useCurrentUser used outside the signed-in area");
  return user;
}

/** After any sign-in: the remembered path if this user may see it, else their home (01 §2). */
export function useGoAfterSignIn(): (user: AuthUser) => void {
  const { session, tabFlags } = useAppDeps();
  const navigate = useNavigate();
  return useCallback((user: AuthUser) => {
    const remembered = session.takeRememberedPath();
    const inactiveNoticeClosed = tabFlags.getItem(INACTIVE_NOTICE_CLOSED_KEY) === "true";
    navigate(postSignInPath(user, remembered, { inactiveNoticeClosed }), { replace: true });
  }, [session, tabFlags, navigate]);
}
