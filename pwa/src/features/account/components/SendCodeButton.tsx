import { useState } from "react";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, useSnackbar } from "../../../ui/index.ts";

/** `POST /users/me/2fa/request-sms` → `{sentTo}` (a masked number). */
export function SendCodeButton({ onSent, label = "Send code" }: { onSent: (sentTo: string) => void; label?: string }) {
  const api = useApi();
  const notify = useSnackbar();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const result = await api.POST("/users/me/2fa/request-sms");
      onSent(result.sentTo);
      notify("Code sent", "success");
    } catch (error) {
      notify(errorMessage(error), "error");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <Button variant="secondary" loading={busy} onClick={send}>{label}</Button>
    </div>
  );
}
