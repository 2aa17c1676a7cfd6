import type { ReactNode } from "react";

/**
 * Marks something kept on this device and not yet acknowledged by the server:
 * a clock and a short text, never colour alone.
 */
export function PendingMark({ children }: { children: ReactNode }) {
  return (
    <span className="ui-pending">
      <svg className="ui-pending__icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      {children}
    </span>
  );
}

/** What a pending change waits for, in words. */
export function pendingLabel(online: boolean): string {
  return online ? "Sending…" : "Waiting for network";
}
