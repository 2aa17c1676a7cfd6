/**
 * Any page opens an auth dialog by dispatching `auth:open` on the window with
 * the dialog's name as detail (the public pages do this without importing us).
 */
export const AUTH_OPEN_EVENT = "auth:open";
export const AUTH_DIALOGS = ["login", "register", "forgot"] as const;
export type AuthDialogName = (typeof AUTH_DIALOGS)[number];

export function openAuthDialog(name: AuthDialogName): void {
  globalThis.dispatchEvent(new CustomEvent(AUTH_OPEN_EVENT, { detail: name }));
}

export function isAuthDialogName(value: unknown): value is AuthDialogName {
  return (AUTH_DIALOGS as readonly unknown[]).includes(value);
}
