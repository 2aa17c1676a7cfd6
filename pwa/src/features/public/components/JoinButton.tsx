import type { ReactNode } from "react";

/** The event the app shell listens to; its detail names the dialog to open. */
export const AUTH_OPEN_EVENT = "auth:open";

/** Asks the shell to open the registration dialog. */
export function openRegistration(): void {
  globalThis.dispatchEvent(new CustomEvent(AUTH_OPEN_EVENT, { detail: "register" }));
}

export function JoinButton(
  { children = "Join", className = "public-button" }: { children?: ReactNode; className?: string },
) {
  return (
    <button type="button" className={className} onClick={openRegistration}>
      {children}
    </button>
  );
}
