/** What the screens built on synced data say about the state of the device's data. */
import type { SyncStatus } from "./contract.ts";

/** Why nothing can be written on this device right now, or null when it can. */
export function readOnlyReason(status: Pick<SyncStatus, "state">): string | null {
  switch (status.state) {
    case "locked":
      return "Your data on this device is locked. Unlock it with your password to make changes.";
    case "outdated":
      return "This version of the app is out of date. Reload to update it before making changes.";
    case "error":
      return "Your data on this device could not be opened. Reload the page to try again.";
    default:
      return null;
  }
}

/** The data layer rejects with messages meant for the user; anything else gets a generic one. */
export function failureMessage(reason: unknown): string {
  if (reason instanceof Error && reason.message) return reason.message;
  if (typeof reason === "string" && reason) return reason;
  return "Something went wrong. Please try again.";
}
