import { describeStatus } from "../lib/status.ts";
import { useSyncStatus } from "../hooks/use-sync-status.ts";
import { openUnlockDialog } from "./unlock-events.ts";

const ICONS = { ok: "✓", busy: "↻", warning: "⚠", locked: "🔒" } as const;

const formatTime = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/**
 * The header's sync state: "Offline · 3 changes waiting", "Synced 12:04"…
 * A polite live region, so a change is announced without moving the focus.
 * While the data is locked it is a button that opens the unlock dialog.
 */
export function SyncStatusIndicator() {
  const status = useSyncStatus();
  const described = describeStatus(status, formatTime);
  if (!described) return null;
  const className = `sync-status sync-status--${described.tone}`;
  const content = (
    <>
      <span aria-hidden="true">{ICONS[described.tone]}</span>
      <span className="sync-status__text">{described.text}</span>
    </>
  );
  return (
    <div role="status" aria-live="polite" className="sync-status-region">
      {described.tone === "locked"
        ? <button type="button" className={className} onClick={openUnlockDialog}>{content}</button>
        : <span className={className} title={described.text}>{content}</span>}
    </div>
  );
}
