import { useEffect, useState } from "react";
import { Dialog } from "../../../ui/index.ts";
import { AUTH_OPEN_EVENT, type AuthDialogName, isAuthDialogName } from "../auth-dialog-events.ts";
import { useSession } from "../hooks/use-session.ts";
import { ForgotPasswordForm } from "./ForgotPasswordForm.tsx";
import { LoginForm } from "./LoginForm.tsx";
import { RegistrationForm } from "./RegistrationForm.tsx";

const TITLES: Record<AuthDialogName, string> = {
  login: "Sign in",
  register: "Join DPC Telehealth",
  forgot: "Forgot your password?",
};

/**
 * Hosts the sign-in, registration and forgot-password dialogs; opened by the
 * `auth:open` window event from anywhere (the landing page, the header).
 * `initialOpen`: the dialog to show at once (the one asked for while this module loaded, see AuthDialogsLoader).
 */
export function AuthDialogs({ initialOpen = null }: { initialOpen?: AuthDialogName | null }) {
  const [open, setOpen] = useState<AuthDialogName | null>(initialOpen);
  const { user } = useSession();

  useEffect(() => {
    const onOpen = (event: Event) => {
      const name = (event as CustomEvent<unknown>).detail;
      setOpen(isAuthDialogName(name) ? name : "login");
    };
    globalThis.addEventListener(AUTH_OPEN_EVENT, onOpen);
    return () => globalThis.removeEventListener(AUTH_OPEN_EVENT, onOpen);
  }, []);

  // Signed-in people have nothing to do in these dialogs.
  const shown = user ? null : open;
  const close = () => setOpen(null);

  return (
    <Dialog open={shown !== null} title={shown ? TITLES[shown] : ""} onClose={close} wide={shown === "register"}>
      {shown === "login" && (
        <LoginForm onDone={close} onForgot={() => setOpen("forgot")} onRegister={() => setOpen("register")} />
      )}
      {shown === "register" && <RegistrationForm onLogin={() => setOpen("login")} />}
      {shown === "forgot" && <ForgotPasswordForm onBackToLogin={() => setOpen("login")} />}
    </Dialog>
  );
}
