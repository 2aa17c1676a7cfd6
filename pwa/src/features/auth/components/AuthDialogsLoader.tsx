import { type ComponentType, useEffect, useState } from "react";
import { AUTH_OPEN_EVENT, type AuthDialogName, isAuthDialogName } from "../auth-dialog-events.ts";

type AuthDialogsComponent = ComponentType<{ initialOpen?: AuthDialogName | null }>;

/**
 * The sign-in, registration and forgot-password dialogs, fetched on the first `auth:open` (issue 19): their
 * forms bring the shared schemas, zod and libphonenumber, which the landing page does not need to render.
 * The dialog asked for while the script loads is the one shown; a failed load (offline before the service
 * worker cached it) is tried again on the next request.
 */
export function AuthDialogsLoader() {
  const [requested, setRequested] = useState<AuthDialogName | null>(null);
  const [Loaded, setLoaded] = useState<AuthDialogsComponent | null>(null);

  useEffect(() => {
    if (Loaded) return; // From here on the dialogs listen themselves.
    const onOpen = (event: Event) => {
      const name = (event as CustomEvent<unknown>).detail;
      setRequested(isAuthDialogName(name) ? name : "login");
    };
    globalThis.addEventListener(AUTH_OPEN_EVENT, onOpen);
    return () => globalThis.removeEventListener(AUTH_OPEN_EVENT, onOpen);
  }, [Loaded]);

  useEffect(() => {
    if (!requested || Loaded) return;
    let current = true;
    import("./AuthDialogs.tsx").then(
      (module) => current && setLoaded(() => module.AuthDialogs),
      (error) => {
        console.warn("The sign-in dialogs could not be loaded", error);
        if (current) setRequested(null);
      },
    );
    return () => void (current = false);
  }, [requested, Loaded]);

  return Loaded ? <Loaded initialOpen={requested} /> : null;
}
