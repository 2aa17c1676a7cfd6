/** The indicator (and any page) opens the unlock dialog with this window event, like the auth dialogs. */
export const UNLOCK_OPEN_EVENT = "sync:unlock-open";

export function openUnlockDialog(): void {
  globalThis.dispatchEvent(new Event(UNLOCK_OPEN_EVENT));
}
