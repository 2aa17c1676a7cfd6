/**
 * The encounter page's orders: labs, imaging, referrals and prescriptions with
 * their state. The care team orders labs and imaging, drafts referrals and
 * uploads results; the doctor shares and unshares, prescribes, sends to the
 * pharmacy, discontinues and cancels. The patient sees what was shared.
 * Data from the REST API through TanStack Query; `orders:changed` refetches.
 */
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { Prescription } from "../../../../../sync/schemas/orders.ts";
import { ApiError, errorMessage } from "../../../lib/api/index.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Button, ConfirmDialog, Dialog, LoadError, Spinner, useSnackbar } from "../../../ui/index.ts";
import { useEncounterOrders } from "../hooks/use-encounter-orders.ts";
import { useOrdersLive } from "../hooks/use-orders-live.ts";
import { TRANSMISSION_LABELS } from "../lib/format.ts";
import { ordersKeys } from "../lib/keys.ts";
import { FileList, FilePick } from "./OrderFiles.tsx";
import { ImagingForm, LabForm, ReferralForm } from "./OrderForms.tsx";
import { PrescriptionForm } from "./PrescriptionForm.tsx";
import "../orders.css";

export type OrdersRole = "doctor" | "vma" | "patient";
type Props = { patientId: string; encounterId: string; role: OrdersRole };
type DialogKind = "lab" | "imaging" | "referral" | "prescription" | null;

export function EncounterOrders({ patientId, encounterId, role }: Props) {
  useOrdersLive();
  const api = useApi();
  const client = useQueryClient();
  const notify = useSnackbar();
  const [dialog, setDialog] = useState<DialogKind>(null);
  const [editing, setEditing] = useState<Prescription | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [allergyConfirm, setAllergyConfirm] = useState<{ id: string; message: string } | null>(null);
  const careTeam = role !== "patient";
  const doctor = role === "doctor";
  const orders = useEncounterOrders(patientId, encounterId);
  const { labs, imagings, referrals, prescriptions, loading, offline, fromDevice, waiting } = orders;
  // Online: every action. Offline, reading the device's copy: only a prescription draft (recorded on the device).
  const online = !offline;
  const refresh = () => client.invalidateQueries({ queryKey: ordersKeys.all });

  async function act(id: string, action: () => Promise<unknown>, success: string) {
    setBusy(id);
    try {
      await action();
      notify(success, "success");
      await refresh();
    } catch (e) {
      if (e instanceof ApiError && e.code === 409 && e.details.reason === "ALLERGY_CONFLICT") {
        setAllergyConfirm({ id, message: e.message });
      } else notify(errorMessage(e), "error");
    } finally {
      setBusy(null);
    }
  }
  const saved = (what: string) => () => {
    setDialog(null);
    notify(what, "success");
    void refresh();
  };
  /** Uploads the picked files as the form's `files` parts; `key` marks the upload busy. */
  const upload = (key: string, send: (form: FormData) => Promise<unknown>) => (files: File[]) => {
    const form = new FormData();
    for (const f of files) form.append("files", f);
    return act(key, () => send(form), files.length === 1 ? "Result uploaded" : "Results uploaded");
  };
  // A patient with nothing shared here gets 404 for each list: that is "nothing shared", not a failure.
  const notShared = (e: unknown) => role === "patient" && e instanceof ApiError && e.code === 404;
  const failed = orders.error && !notShared(orders.error) ? orders.error : null;
  // Offline with no copy on this device (a patient's device, or not pulled yet): say so instead of "None.".
  const paused = offline && !fromDevice;

  return (
    <section className="card stack" aria-labelledby="encounter-orders-title">
      <h2 id="encounter-orders-title">Orders</h2>
      {careTeam && (online || fromDevice) && (
        <div className="row" role="group" aria-label="New order">
          {online && <Button variant="secondary" onClick={() => setDialog("lab")}>Order lab</Button>}
          {online && <Button variant="secondary" onClick={() => setDialog("imaging")}>Order imaging</Button>}
          <Button variant="secondary" onClick={() => setDialog("referral")}>Refer</Button>
          {doctor && <Button variant="secondary" onClick={() => setDialog("prescription")}>Prescribe</Button>}
        </div>
      )}
      {fromDevice && (
        <p className="muted" role="status">
          {careTeam
            ? `Saved on this device. ${doctor ? "A referral or a prescription" : "A referral"} can be drafted here; ordering labs and ` +
              "imaging, sending, sharing and results need a connection."
            : "Saved on this device: what your doctor shared, as of your last connection."}
        </p>
      )}
      {paused && (
        <p className="muted" role="status">Orders need a connection: they are read from the server and appear as soon as you are back online.</p>
      )}
      {failed && <LoadError what="Orders" error={failed} onRetry={() => void refresh()} />}

      {!paused && (
        <>
          <OrderGroup title="Labs" loading={loading.labs} empty={!labs?.length}>
            {labs?.map((l) => (
              <li key={l.id} className="orders-item" aria-label={`Lab: ${l.name}`}>
                <div className="orders-item__head">
                  <strong>{l.name}</strong> <span className="chart-code">{l.code}</span>
                  <span className="orders-state">{l.state === "resulted" ? "Resulted" : "Ordered"}</span>
                  {careTeam && <span className="orders-tag">{l.isShared ? (l.resultsShared ? "Shared with results" : "Shared") : "Not shared"}</span>}
                </div>
                {l.comment && <p>{l.comment}</p>}
                <FileList files={l.results} download={(f) => api.RAW("GET", "/encounterLabs/{id}/result/{resultId}", { path: { id: l.id, resultId: f.id } })}
                  label="Results"
                  onDelete={careTeam && online
                    ? (f) => act(l.id, () => api.DELETE("/encounterLabs/{id}/result/{resultId}", { path: { id: l.id, resultId: f.id } }), "Result removed")
                    : undefined} />
                {careTeam && online && (
                  <div className="row">
                    <FilePick label={`Upload result for ${l.name}`} onFiles={upload(`/encounterLabs/results/${l.id}`, (form) => api.POST("/encounterLabs/results/{id}", { path: { id: l.id }, form }))} busy={busy === `/encounterLabs/results/${l.id}`} />
                    {doctor && (l.isShared
                      ? <Button variant="secondary" loading={busy === l.id} onClick={() => act(l.id, () => api.PUT("/encounterLabs/unshare/{id}", { path: { id: l.id } }), "No longer shared")}>Unshare</Button>
                      : <Button variant="secondary" loading={busy === l.id} onClick={() => act(l.id, () => api.PUT("/encounterLabs/share/{id}", { path: { id: l.id } }), "Shared with the patient")}>Share</Button>)}
                    {doctor && l.results.length > 0 && !l.resultsShared && (
                      <Button loading={busy === l.id} onClick={() => act(l.id, () => api.POST("/encounterLabs/share/with/patient/{id}", { path: { id: l.id } }), "Results shared with the patient")}>
                        Share results with patient
                      </Button>
                    )}
                    {doctor && <Button variant="danger" onClick={() => act(l.id, () => api.DELETE("/encounterLabs/{id}", { path: { id: l.id } }), "Lab deleted")}>Delete</Button>}
                  </div>
                )}
              </li>
            ))}
          </OrderGroup>

          <OrderGroup title="Imaging" loading={loading.imagings} empty={!imagings?.length}>
            {imagings?.map((i) => (
              <li key={i.id} className="orders-item" aria-label={`Imaging: ${i.type} ${i.bodyPart}`}>
                <div className="orders-item__head">
                  <strong>{i.type} · {i.bodyPart}{i.laterality !== "not applicable" ? ` (${i.laterality})` : ""}</strong>
                  <span className="orders-state">{i.state === "resulted" ? "Resulted" : "Ordered"}</span>
                  {careTeam && <span className="orders-tag">{i.isShared ? "Shared" : "Not shared"}</span>}
                </div>
                <p className="muted">Contrast: {i.contrast}{i.imagingCenter ? ` · ${i.imagingCenter}` : ""}</p>
                {i.clinicalHistory && <p>{i.clinicalHistory}</p>}
                <FileList files={i.attachments} label="Documents"
                  download={(f) => api.RAW("GET", "/encounterImagings/{id}/files/{fileId}", { path: { id: i.id, fileId: f.id } })}
                  onDelete={careTeam && online ? (f) => act(i.id, () => api.DELETE("/encounterImagings/attachment/{id}", { path: { id: i.id }, body: { attachmentId: f.id } }), "Removed") : undefined} />
                <FileList files={i.results} label="Results"
                  download={(f) => api.RAW("GET", "/encounterImagings/{id}/files/{fileId}", { path: { id: i.id, fileId: f.id } })}
                  onDelete={careTeam && online ? (f) => act(i.id, () => api.DELETE("/encounterImagings/attachment/{id}", { path: { id: i.id }, body: { attachmentId: f.id } }), "Removed") : undefined} />
                {careTeam && online && (
                  <div className="row">
                    <FilePick label={`Upload imaging results`} onFiles={upload(`/encounterImagings/upload/results/${i.id}`, (form) => api.PUT("/encounterImagings/upload/results/{id}", { path: { id: i.id }, form }))} busy={busy === `/encounterImagings/upload/results/${i.id}`} />
                    {doctor && (i.isShared
                      ? <Button variant="secondary" onClick={() => act(i.id, () => api.PUT("/encounterImagings/unshare/{id}", { path: { id: i.id } }), "No longer shared")}>Unshare</Button>
                      : <Button variant="secondary" onClick={() => act(i.id, () => api.PUT("/encounterImagings/share/{id}", { path: { id: i.id } }), "Shared with the patient")}>Share</Button>)}
                    {doctor && <Button variant="danger" onClick={() => act(i.id, () => api.DELETE("/encounterImagings/{id}", { path: { id: i.id } }), "Imaging order deleted")}>Delete</Button>}
                  </div>
                )}
              </li>
            ))}
          </OrderGroup>

          <OrderGroup title="Referrals" loading={loading.referrals} empty={!referrals?.length}>
            {referrals?.map((r) => (
              <li key={r.id} className="orders-item" aria-label={`Referral to ${r.specialty}`}>
                <div className="orders-item__head">
                  <strong>Referral to {r.specialty}</strong>
                  <span className="orders-state">{r.status}</span>
                  <span className="orders-tag">{r.urgency}</span>
                  {waiting.has(r.id) && <span className="chart-badge chart-badge--waiting">Waiting to be sent</span>}
                  {careTeam && <span className="orders-tag">{r.isShared ? "Shared" : "Not shared"}</span>}
                </div>
                <p>{r.reason}</p>
                {r.contactName && <p className="muted">To: {r.contactName}</p>}
                {doctor && online && (
                  <div className="row">
                    {r.status === "draft" && <Button onClick={() => act(r.id, () => api.PUT("/encounterReferrals/{id}", { path: { id: r.id }, body: { status: "sent" } }), "Referral marked sent")}>Mark sent</Button>}
                    {(r.status === "sent" || r.status === "scheduled") && (
                      <Button variant="secondary" onClick={() => act(r.id, () => api.PUT("/encounterReferrals/{id}", { path: { id: r.id }, body: { status: "completed" } }), "Referral completed")}>Mark completed</Button>
                    )}
                    {r.isShared
                      ? <Button variant="secondary" onClick={() => act(r.id, () => api.PUT("/encounterReferrals/unshare/{id}", { path: { id: r.id } }), "No longer shared")}>Unshare</Button>
                      : <Button variant="secondary" onClick={() => act(r.id, () => api.PUT("/encounterReferrals/share/{id}", { path: { id: r.id } }), "Shared with the patient")}>Share</Button>}
                    <Button variant="danger" onClick={() => act(r.id, () => api.DELETE("/encounterReferrals/{id}", { path: { id: r.id } }), "Referral deleted")}>Delete</Button>
                  </div>
                )}
              </li>
            ))}
          </OrderGroup>

          <OrderGroup title="Prescriptions" loading={loading.prescriptions} empty={!prescriptions?.length}>
            {prescriptions?.map((p) => (
              <li key={p.id} className="orders-item" aria-label={`Prescription: ${p.medication}`}>
                <div className="orders-item__head">
                  <strong>{p.medication}</strong>
                  <span className="orders-state">{p.status}</span>
                  {waiting.has(p.id) && <span className="chart-badge chart-badge--waiting">Waiting to be sent</span>}
                  {p.status !== "draft" && (
                    <span className={`orders-transmission orders-transmission--${p.transmission}`} data-testid="transmission">
                      {TRANSMISSION_LABELS[p.transmission]}
                    </span>
                  )}
                </div>
                <p>{p.instructions}</p>
                <p className="muted">
                  {p.quantity} {p.unit} · {p.days} days · {p.refills} refill{p.refills === 1 ? "" : "s"}
                  {p.daw ? " · dispense as written" : ""}{p.pharmacy ? ` · ${p.pharmacy.name}, ${p.pharmacy.city}` : " · no pharmacy chosen"}
                </p>
                {p.transmissionError && <p className="form-error">{p.transmissionError}</p>}
                {careTeam && p.allergyMatches.length > 0 && (
                  <p className="orders-allergy" role="note">Allergy flag: {p.allergyMatches.map((m) => m.reason).join("; ")}</p>
                )}
                {doctor && online && (
                  <div className="row">
                    {p.status === "draft" && (
                      <Button loading={busy === p.id} onClick={() => act(p.id, () => api.PUT("/encounterPrescriptions/send/{id}", { path: { id: p.id }, body: {} }), "Sent to the pharmacy")}>
                        Send to pharmacy
                      </Button>
                    )}
                    {p.status === "draft" && <Button variant="secondary" onClick={() => setEditing(p)}>Edit</Button>}
                    {p.status === "current" && (
                      <Button variant="secondary" onClick={() => act(p.id, () => api.PUT("/encounterPrescriptions/{id}", { path: { id: p.id }, body: { status: "discontinued" } }), "Discontinued")}>Discontinue</Button>
                    )}
                    {(p.status === "draft" || p.status === "current") && (
                      <Button variant="secondary" onClick={() => act(p.id, () => api.PUT("/encounterPrescriptions/{id}", { path: { id: p.id }, body: { status: "cancelled" } }), "Cancelled")}>Cancel prescription</Button>
                    )}
                    {p.status === "draft" && <Button variant="danger" onClick={() => act(p.id, () => api.DELETE("/encounterPrescriptions/{id}", { path: { id: p.id } }), "Draft deleted")}>Delete</Button>}
                  </div>
                )}
                {role === "vma" && p.status === "draft" && <p className="muted">Only the doctor can sign and send a prescription.</p>}
              </li>
            ))}
          </OrderGroup>
        </>
      )}

      <Dialog open={dialog === "lab"} title="Order a lab" onClose={() => setDialog(null)} wide>
        {dialog === "lab" && <LabForm encounterId={encounterId} onSaved={saved("Lab ordered")} onClose={() => setDialog(null)} />}
      </Dialog>
      <Dialog open={dialog === "imaging"} title="Order imaging" onClose={() => setDialog(null)} wide>
        {dialog === "imaging" && <ImagingForm encounterId={encounterId} onSaved={saved("Imaging ordered")} onClose={() => setDialog(null)} />}
      </Dialog>
      <Dialog open={dialog === "referral"} title="New referral" onClose={() => setDialog(null)} wide>
        {dialog === "referral" && (
          <ReferralForm patientId={patientId} encounterId={encounterId} onSaved={saved("Referral saved")} onClose={() => setDialog(null)} />
        )}
      </Dialog>
      <Dialog open={dialog === "prescription"} title="Prescribe" onClose={() => setDialog(null)} wide>
        {dialog === "prescription" && (
          <PrescriptionForm encounterId={encounterId} patientId={patientId} onSaved={saved("Prescription saved as a draft")} onClose={() => setDialog(null)} />
        )}
      </Dialog>
      <Dialog open={editing !== null} title="Edit prescription draft" onClose={() => setEditing(null)} wide>
        {editing && (
          <PrescriptionForm encounterId={encounterId} patientId={patientId} draft={editing}
            onSaved={() => { setEditing(null); notify("Draft saved", "success"); void refresh(); }} onClose={() => setEditing(null)} />
        )}
      </Dialog>
      <ConfirmDialog
        describeFailure={errorMessage}
        open={allergyConfirm !== null}
        title="Send despite the allergy warning?"
        summary={allergyConfirm?.message ?? ""}
        confirmLabel="Send anyway"
        onConfirm={async () => {
          const id = allergyConfirm!.id;
          await api.PUT("/encounterPrescriptions/send/{id}", { path: { id }, body: { allergyOverride: true } });
          notify("Sent to the pharmacy", "success");
          await refresh();
        }}
        onClose={() => setAllergyConfirm(null)}
      />
    </section>
  );
}

function OrderGroup({ title, loading, empty, children }: { title: string; loading: boolean; empty: boolean; children: ReactNode }) {
  return (
    <div className="stack orders-group">
      <h3>{title}</h3>
      {loading ? <Spinner size={24} label={`Loading ${title.toLowerCase()}`} /> : empty ? <p className="muted">None.</p> : <ul className="orders-list">{children}</ul>}
    </div>
  );
}
