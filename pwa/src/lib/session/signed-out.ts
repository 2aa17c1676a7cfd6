import type { ForceLogoutReason } from "../../../../sync/schemas/chat.ts";

/**
 * Why the server ended a session, in the words the signed-out page shows (01 §2 "a logout caused by the
 * server sends the browser to /": the person should know why, and that signing in brings them back).
 */
const REASONS: Record<ForceLogoutReason | "BLOCKED" | "BANNED" | "TOKEN_BLOCKED" | "REFRESH_REUSED", string> = {
  blocked: "An administrator blocked your account. Contact support if you think this is a mistake.",
  BLOCKED: "An administrator blocked your account. Contact support if you think this is a mistake.",
  TOKEN_BLOCKED: "An administrator blocked your account. Contact support if you think this is a mistake.",
  BANNED: "Your account was disabled by support.",
  logout: "You signed out in another tab.",
  logout_all: "You signed out on all your devices.",
  password_changed: "Your password was changed, so your other devices were signed out. Sign in with the new password.",
  password_reset: "Your password was reset, so every device was signed out. Sign in with the new password.",
  session_revoked: "This device was signed out from your account's list of sessions.",
  refresh_reuse: "Your session was ended for safety: it was used from two places at once. Please sign in again.",
  REFRESH_REUSED: "Your session was ended for safety: it was used from two places at once. Please sign in again.",
  vma_detached: "The doctor you worked for removed you from their practice.",
  acting_changed: "You now work for a different doctor. Sign in again to continue.",
};

const EXPIRED = "Your session has ended. Please sign in again.";

/** The sentence for a server's reason code (`details.reason` or a `user:forceLogout` reason), else its message. */
export function signedOutReason(code: unknown, message?: string | null): string {
  if (typeof code === "string" && code in REASONS) return REASONS[code as keyof typeof REASONS];
  return message?.trim() || EXPIRED;
}
