import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Button, Dialog } from "../../../ui/index.ts";
import { useSyncEngine } from "../hooks/sync-context.ts";
import { useSyncStatus } from "../hooks/use-sync-status.ts";
import { NOTHING_WAITING, type WaitingSummary } from "../lib/waiting.ts";
import { changesWord, waitingPhrases } from "../lib/waiting-words.ts";

type Phase = "closed" | "asking" | "waiting";

/**
 * Signing out never loses work: with changes still waiting for the server, the sign-out asks first and names
 * them. "Sign out when sent" keeps the session until everything is acknowledged (also across going offline and
 * back), then signs out; "Sign out now" keeps the waiting changes sealed on this device for this account, sent
 * at its next sign-in here (`sync-engine.ts`). Nothing waiting: it signs out at once.
 */
export function useGuardedSignOut(signOut: () => Promise<void>): { request(): Promise<void>; dialog: ReactNode } {
  const engine = useSyncEngine();
  const status = useSyncStatus();
  const [phase, setPhase] = useState<Phase>("closed");
  const [waiting, setWaiting] = useState<WaitingSummary>(NOTHING_WAITING);
  const [busy, setBusy] = useState(false);

  // The caller's function may be new at every render; the latest is called.
  const signOutRef = useRef(signOut);
  signOutRef.current = signOut;

  const finish = useCallback(async () => {
    setBusy(true);
    try {
      await signOutRef.current();
    } finally {
      setBusy(false);
      setPhase("closed");
    }
  }, []);

  const request = useCallback(async () => {
    const now = engine ? await engine.waiting() : NOTHING_WAITING;
    if (now.total === 0) return finish();
    setWaiting(now);
    setPhase("asking");
  }, [engine, finish]);

  // The list follows what is sent meanwhile; once nothing waits, a sign-out asked to wait goes ahead.
  const { pending, online, lastSyncedAt } = status;
  useEffect(() => {
    if (phase === "closed" || !engine) return;
    let cancelled = false;
    void engine.waiting().then((now) => {
      if (cancelled) return;
      setWaiting((shown) => sameWaiting(shown, now) ? shown : now);
      if (now.total === 0 && phase === "waiting") void finish();
    });
    return () => void (cancelled = true);
  }, [phase, engine, pending, online, lastSyncedAt, finish]);

  const phrases = waitingPhrases(waiting);
  const dialog = (
    <Dialog open={phase !== "closed"} title="Changes not sent yet" onClose={() => !busy && setPhase("closed")}>
      <div className="stack sign-out-guard">
        <p>
          {changesWord(waiting.total)} made on this device {waiting.total === 1 ? "has" : "have"} not reached the
          server yet:
        </p>
        <ul className="sign-out-guard__list">
          {phrases.map((phrase) => <li key={phrase}>{phrase}</li>)}
        </ul>
        <p role="status" aria-live="polite">
          {phase === "waiting"
            ? online
              ? "Sending… you will be signed out once everything is sent."
              : "You are offline. You will be signed out once the connection is back and everything is sent."
            : online
            ? `${waiting.total === 1 ? "It is" : "They are"} being sent now.`
            : `You are offline: ${waiting.total === 1 ? "it" : "they"} will be sent when the connection is back.`}
        </p>
        {phase === "asking" && (
          <>
            <Button block onClick={() => setPhase("waiting")}>Sign out when sent</Button>
            <Button block variant="secondary" loading={busy} onClick={() => void finish()}>
              Sign out now, keep {waiting.total === 1 ? "it" : "them"} on this device
            </Button>
            <p className="sign-out-guard__hint">
              Kept encrypted on this device; only your password opens them. They are sent the next time you sign in
              here.
            </p>
          </>
        )}
        <Button block variant="text" disabled={busy} onClick={() => setPhase("closed")}>
          {phase === "waiting" ? "Stay signed in" : "Cancel"}
        </Button>
      </div>
    </Dialog>
  );
  return { request, dialog };
}

const sameWaiting = (a: WaitingSummary, b: WaitingSummary) =>
  a.total === b.total && Object.keys({ ...a.byKind, ...b.byKind }).every((kind) => a.byKind[kind] === b.byKind[kind]);
