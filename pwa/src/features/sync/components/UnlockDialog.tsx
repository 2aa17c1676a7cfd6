import { type FormEvent, useDeferredValue, useEffect, useState } from "react";
import { ApiError } from "../../../lib/api/api-error.ts";
import { Button, Dialog, TextField } from "../../../ui/index.ts";
import { useSession } from "../../auth/index.ts";
import { useSyncEngine } from "../hooks/sync-context.ts";
import { useSyncStatus, useUnlock } from "../hooks/use-sync-status.ts";
import { WrongPasswordError } from "../lib/key-vault.ts";
import type { WaitingSummary } from "../lib/waiting.ts";
import { changesWord, waitingPhrases } from "../lib/waiting-words.ts";
import { UNLOCK_OPEN_EVENT } from "./unlock-events.ts";

/**
 * Asks for the account password when the local data is locked: a new tab or
 * launch, or a reload with no network (the password opens it offline). It may
 * be closed ("Later"); the header indicator opens it again. "Sign out" wipes
 * the data on this device, for a forgotten or changed password.
 */
export function UnlockDialog() {
  const { state } = useSyncStatus();
  const engine = useSyncEngine();
  const unlock = useUnlock();
  const { logout } = useSession();
  const [dismissed, setDismissed] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  /** Changes waiting that clearing the device would delete: asked before clearing. */
  const [clearing, setClearing] = useState<WaitingSummary | null>(null);
  // Opened in a deferred render: the status changes in a synchronous render (useSyncExternalStore), which also
  // runs its effects at once, and opening a modal dialog (`showModal`, focus) restyles the page. A reload's
  // "locked" comes with the signed-in page's own render: apart, neither blocks a phone's main thread as long
  // (issue 19). Closed at once: once unlocked, the form must not stay open to be sent again.
  const isLocked = state === "locked";
  const openedLater = useDeferredValue(isLocked, false);
  const locked = isLocked && openedLater;
  const signInAgain = engine?.lockReason() === "signIn";

  useEffect(() => {
    const open = () => setDismissed(false);
    globalThis.addEventListener(UNLOCK_OPEN_EVENT, open);
    return () => globalThis.removeEventListener(UNLOCK_OPEN_EVENT, open);
  }, []);
  useEffect(() => {
    if (!locked) {
      setPassword("");
      setClearing(null);
    }
  }, [locked]);

  const clearDevice = async (confirmed: boolean) => {
    const waiting = engine ? await engine.waiting() : null;
    if (waiting && waiting.total > 0 && !confirmed) return setClearing(waiting);
    engine?.discardOnSignOut();
    await logout();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError("Enter your password");
    setBusy(true);
    setError(undefined);
    try {
      await unlock(password);
    } catch (caught) {
      setError(
        caught instanceof WrongPasswordError || caught instanceof ApiError
          ? caught.message
          : "Your data could not be opened. Please try again.",
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={locked && !dismissed} title="Unlock your data" onClose={() => setDismissed(true)}>
      {clearing
        ? (
          <div className="stack">
            <p>
              {changesWord(clearing.total)} made on this device {clearing.total === 1 ? "has" : "have"} not been sent:
            </p>
            <ul className="sign-out-guard__list">{waitingPhrases(clearing).map((phrase) => <li key={phrase}>{phrase}</li>)}</ul>
            <p>Unlock with your password to send them. Clearing this device deletes them for good.</p>
            <Button block onClick={() => setClearing(null)}>Back to unlock</Button>
            <Button block variant="danger" onClick={() => void clearDevice(true)}>Delete them and sign out</Button>
          </div>
        )
        : (
      <form className="stack" onSubmit={submit} noValidate aria-label="Unlock your data">
        <p>
          {signInAgain
            ? "Your messages, notes and files are kept encrypted on this device. Confirm your password to protect them."
            : "Your messages, notes and files on this device are encrypted. Enter your account password to open them. This works offline too."}
        </p>
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          error={error}
        />
        <Button type="submit" block loading={busy}>Unlock</Button>
        <div className="row" style={{ justifyContent: "space-between" }}>
          <Button variant="text" onClick={() => setDismissed(true)}>Later</Button>
          <Button variant="text" onClick={() => void clearDevice(false)}>Sign out and clear this device</Button>
        </div>
      </form>
        )}
    </Dialog>
  );
}
