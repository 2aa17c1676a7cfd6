import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, Checkbox, Dialog } from "../../../ui/index.ts";
import { agreementKeys } from "../api.ts";

/**
 * A new required agreement (or a new version of one) asks a signed-in user to
 * accept it before going on: a dialog that only accepting closes.
 */
export function PendingAgreementsGate({ userId }: { userId: string }) {
  const api = useApi();
  const client = useQueryClient();
  const pending = useQuery({
    queryKey: [...agreementKeys.pending(), userId],
    queryFn: ({ signal }) => api.GET("/agreements/pending", { signal }),
    staleTime: 5 * 60_000,
  });
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = pending.data ?? [];
  if (list.length === 0) return null;
  const all = list.every((a) => checked[a.name]);

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.POST("/agreements/accept", { body: { names: list.map((a) => a.name) } });
      await client.invalidateQueries({ queryKey: agreementKeys.pending() });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open title="Please review our updated agreements" onClose={() => {}}>
      <div className="stack">
        <p>To go on using DPC Telehealth, please read and accept:</p>
        {list.map((a) => (
          <Checkbox key={a.name} checked={!!checked[a.name]} onChange={(v) => setChecked({ ...checked, [a.name]: v })}
            label={<>I accept the <a href={`/agreement/${a.name}`} target="_blank" rel="noreferrer">{a.title}</a> (version {a.version})</>} />
        ))}
        {error && <p className="form-error" role="alert">{error}</p>}
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button disabled={!all} loading={busy} onClick={() => void accept()}>Accept and continue</Button>
        </div>
      </div>
    </Dialog>
  );
}
