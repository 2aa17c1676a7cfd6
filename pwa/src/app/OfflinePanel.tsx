import { useState } from "react";
import { useSession } from "../features/auth/hooks/use-session.ts";
import { Button } from "../ui/index.ts";

/**
 * Shown in place of a signed-in page when the stored sign-in could not be
 * checked because the server was out of reach. The page address is kept, so
 * the page appears as soon as the connection returns.
 */
export function OfflinePanel() {
  const { start } = useSession();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    await start();
    setBusy(false);
  };
  return (
    <section className="stack" aria-labelledby="offline-title">
      <title>Offline · DPC Telehealth</title>
      <h1 id="offline-title">You are offline</h1>
      <div className="ui-panel">
        <p><strong>We could not reach the server to confirm your sign-in.</strong></p>
        <p className="muted">Check your internet connection. This page opens as soon as the connection is back.</p>
        <Button onClick={retry} loading={busy}>Try again</Button>
      </div>
    </section>
  );
}
