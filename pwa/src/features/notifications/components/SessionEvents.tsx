import { useLocation } from "react-router";
import { useAppDeps } from "../../../lib/app-deps.tsx";
import { useOptionalSnackbar } from "../../../ui/index.ts";
import { signedOutReason } from "../../../lib/session/signed-out.ts";
import { useServerEvent } from "../../sync/index.ts";

/**
 * Account events of the live channel: `user:forceLogout` (blocked, logged out
 * everywhere, password changed or reset elsewhere, session revoked) signs this
 * tab out with cause `server` (the data layer then wipes the device, and the
 * user comes back here after signing in again); `app:login` (a sign-in
 * somewhere else) is a notice. Renders nothing.
 */
export function SessionEvents() {
  const { session } = useAppDeps();
  const location = useLocation();
  const notify = useOptionalSnackbar();
  useServerEvent("user:forceLogout", (payload) => {
    const reason = (payload as { reason?: unknown } | null)?.reason;
    session.signOut("server", `${location.pathname}${location.search}`, signedOutReason(reason));
  });
  useServerEvent("app:login", (payload) => {
    const device = typeof (payload as { device?: unknown } | null)?.device === "string" ? (payload as { device: string }).device : "";
    notify?.(device ? `Your account was just signed in on ${device}.` : "Your account was just signed in on another device.");
  });
  return null;
}
