import { useEffect, useState } from "react";
import { failureMessage } from "../../sync/index.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Spinner } from "../../../ui/index.ts";
import { type NotificationSettings, NotificationSettingsForm } from "./NotificationSettingsForm.tsx";

/** The "Notifications" section of `/settings`: `GET` then `PUT /settings/notifications`. */
export function NotificationSettingsSection() {
  const api = useApi();
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.GET("/settings/notifications").then(
      (result) => setSettings(result.settings),
      (reason) => setError(failureMessage(reason)),
    );
  }, [api]);
  if (error) return <p className="form-error" role="alert">{error}</p>;
  if (!settings) return <Spinner size={24} label="Loading notification settings" />;
  return (
    <NotificationSettingsForm
      settings={settings}
      onSave={async (next) => setSettings((await api.PUT("/settings/notifications", { body: { settings: next } })).settings)}
    />
  );
}
