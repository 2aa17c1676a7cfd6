import { useState } from "react";
import type { AuthUser } from "../../../../sync/schemas/user.ts";
import { useGoAfterSignIn, useSession } from "../../features/auth/hooks/use-session.ts";
import { errorMessage } from "../../lib/api/api-error.ts";
import { fullName } from "../../lib/session/auth-user.ts";
import { Banner, Button, useSnackbar } from "../../ui/index.ts";

/** Always visible while an admin acts as someone else, with the way back. */
export function ImpersonationBanner({ user }: { user: AuthUser }) {
  const { backToAdmin } = useSession();
  const goAfterSignIn = useGoAfterSignIn();
  const notify = useSnackbar();
  const [busy, setBusy] = useState(false);

  const onBack = async () => {
    setBusy(true);
    try {
      const admin = await backToAdmin();
      notify("You are back in your admin account", "success");
      goAfterSignIn(admin);
    } catch (error) {
      notify(errorMessage(error), "error");
      setBusy(false);
    }
  };

  return (
    <Banner tone="warning">
      <span>
        You are signed in as <strong>{fullName(user)}</strong> ({user.role})
      </span>
      <Button variant="secondary" loading={busy} onClick={onBack}>Back to admin</Button>
    </Banner>
  );
}
