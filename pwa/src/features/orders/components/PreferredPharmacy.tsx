/** The patient's own pharmacy (on their record): shown, searched and changed; prescriptions propose it first. */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Pharmacy } from "../../../../../sync/data/pharmacies.ts";
import { errorMessage } from "../../../lib/api/index.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Button, useSnackbar } from "../../../ui/index.ts";
import { ordersKeys } from "../lib/keys.ts";
import { PharmacyPicker } from "./PrescriptionForm.tsx";

export function PreferredPharmacy({ patientId }: { patientId: string }) {
  const api = useApi();
  const client = useQueryClient();
  const notify = useSnackbar();
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState<Pharmacy | null>(null);
  const [busy, setBusy] = useState(false);
  const current = useQuery({
    queryKey: ordersKeys.preferredPharmacy(patientId),
    queryFn: ({ signal }) => api.GET("/patient/pharmacy/{id}", { path: { id: patientId }, signal }),
  });
  const save = async () => {
    setBusy(true);
    try {
      await api.PUT("/patient/pharmacy/{id}", { path: { id: patientId }, body: { pharmacyId: choice?.ncpdp ?? null } });
      await client.invalidateQueries({ queryKey: ordersKeys.preferredPharmacy(patientId) });
      notify("Your pharmacy is saved", "success");
      setEditing(false);
    } catch (e) {
      notify(errorMessage(e), "error");
    } finally {
      setBusy(false);
    }
  };
  const p = current.data?.pharmacy;
  return (
    <section className="card stack" aria-labelledby="preferred-pharmacy-title">
      <h2 id="preferred-pharmacy-title">Your pharmacy</h2>
      {current.isLoading && <p className="muted">Loading…</p>}
      {current.error && <p className="form-error" role="alert">Your pharmacy could not be loaded: {errorMessage(current.error)}</p>}
      {current.data && !editing && (
        <>
          {p
            ? <p><strong>{p.name}</strong><br />{p.address}, {p.city}, {p.state} {p.zip}</p>
            : <p className="muted">No pharmacy chosen: your doctor will ask where to send prescriptions.</p>}
          <div><Button variant="secondary" onClick={() => { setChoice(p ?? null); setEditing(true); }}>{p ? "Change pharmacy" : "Choose a pharmacy"}</Button></div>
        </>
      )}
      {editing && (
        <>
          <PharmacyPicker patientId={patientId} value={choice} onChange={setChoice} />
          <div className="row">
            <Button loading={busy} onClick={() => void save()} disabled={!choice}>Save pharmacy</Button>
            <Button variant="secondary" onClick={() => setEditing(false)}>Cancel</Button>
          </div>
        </>
      )}
    </section>
  );
}
