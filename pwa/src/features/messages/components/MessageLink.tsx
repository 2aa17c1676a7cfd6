/**
 * "Message your doctor" (issue 32: it opened an empty chat list): opens the direct chat with the patient's doctor,
 * made on the first use (`POST /messages/chat/{userId}` answers the existing one otherwise). When that fails (no
 * connection), the reason is said beside the button.
 */
import { useState } from "react";
import { useNavigate } from "react-router";
import { failureMessage } from "../../sync/index.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Button } from "../../../ui/index.ts";

/** Opens (or makes) the direct chat with `userId`: a patient's doctor, or for the care team a patient. */
export function MessageLink({ userId, label = "Message your doctor" }: { userId: string; label?: string }) {
  const api = useApi();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const chat = await api.POST("/messages/chat/{userId}", { path: { userId } });
      navigate(`/messages?chat=${encodeURIComponent(chat.chatId)}`);
    } catch (reason) {
      setError(failureMessage(reason));
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="text" loading={busy} onClick={() => void open()}>{label}</Button>
      {error && <p className="form-error" role="alert">{error}</p>}
    </>
  );
}
