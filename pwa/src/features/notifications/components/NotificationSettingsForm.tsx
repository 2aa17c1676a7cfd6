import { type FormEvent, useState } from "react";
import { Button } from "../../../ui/index.ts";
import { CHANNEL_LABELS, KIND_LABELS } from "../notification-text.ts";
import type { NotificationKind } from "../../../../../sync/schemas/notifications.ts";
import type { ApiResult } from "../../../lib/api/index.ts";

/** The channels chosen per kind of notification (`GET /settings/notifications`'s `settings`). */
export type NotificationSettings = ApiResult<"/settings/notifications", "GET">["settings"];

const CHANNELS = ["site", "email", "sms"] as const;

export type NotificationSettingsFormProps = {
  settings: NotificationSettings;
  /** Saves the whole choice; rejects with a message for the user. */
  onSave: (settings: NotificationSettings) => Promise<unknown>;
};

/** One fieldset per kind of notification of the user's role, a checkbox per channel (`PUT /settings/notifications`). */
export function NotificationSettingsForm({ settings, onSave }: NotificationSettingsFormProps) {
  const [draft, setDraft] = useState(settings);
  const [state, setState] = useState<{ saving: boolean; message: string | null; error: string | null }>({
    saving: false, message: null, error: null,
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ saving: true, message: null, error: null });
    try {
      await onSave(draft);
      setState({ saving: false, message: "Saved.", error: null });
    } catch (reason) {
      setState({ saving: false, message: null, error: reason instanceof Error ? reason.message : "Saving failed." });
    }
  };
  return (
    <form className="stack" onSubmit={submit}>
      {Object.entries(draft).map(([kind, channels]) => (
        <fieldset key={kind} className="notification-settings__kind">
          <legend>{KIND_LABELS[kind as NotificationKind] ?? "Other notifications"}</legend>
          <div className="row">
            {CHANNELS.map((channel) => (
              <label key={channel} className="row notification-settings__channel">
                <input
                  type="checkbox"
                  checked={channels[channel]}
                  onChange={(event) =>
                    setDraft((current) => ({ ...current, [kind]: { ...current[kind], [channel]: event.target.checked } }))}
                />
                {CHANNEL_LABELS[channel]}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <div className="row">
        <Button type="submit" loading={state.saving}>Save notification settings</Button>
        {state.message && <span role="status">{state.message}</span>}
      </div>
      {state.error && <p className="form-error" role="alert">{state.error}</p>}
    </form>
  );
}
