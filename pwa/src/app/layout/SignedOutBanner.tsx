import { openAuthDialog } from "../../features/auth/auth-dialog-events.ts";
import { useAppDeps } from "../../lib/app-deps.tsx";
import { Banner, Button } from "../../ui/index.ts";

/**
 * After the server ended the session (expired, blocked, signed out elsewhere): why, and the way back.
 * The page the user was on is remembered (01 §2), so signing in returns there.
 */
export function SignedOutBanner({ reason, rememberedPath }: { reason: string; rememberedPath: string | null }) {
  const { session } = useAppDeps();
  return (
    <Banner tone="warning" role="alert">
      <span data-testid="signed-out-reason">
        <strong>You were signed out.</strong> {reason}
        {rememberedPath && " Sign in to return to the page you were on."}
      </span>
      <span className="row">
        <Button variant="secondary" onClick={() => openAuthDialog("login")}>Sign in</Button>
        <Button variant="text" onClick={() => session.dismissLogoutReason()}>Close</Button>
      </span>
    </Banner>
  );
}
