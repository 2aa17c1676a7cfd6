import { describeStatus } from "../lib/status.ts";
import { useSyncStatus } from "../hooks/use-sync-status.ts";
import { openUnlockDialog } from "./unlock-events.ts";

const ICONS = { ok: "✓", busy: "↻", warning: "⚠" } as const;

/** A padlock drawn inline: emoji fonts are not on every device. */
function LockIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <rect x="2" y="5.5" width="8" height="6" rx="1" fill="currentColor" />
      <path d="M4 5.5V4a2 2 0 0 1 4 0v1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}

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
      {described.tone === "locked" ? <LockIcon /> : <span aria-hidden="true">{ICONS[described.tone]}</span>}
      <span className="sync-status__text sync-status__text--long">{described.text}</span>
      {/* Phones show the short form; assistive tech always reads the full one. */}
      <span className="sync-status__text sync-status__text--short" aria-hidden="true">{described.short}</span>
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
