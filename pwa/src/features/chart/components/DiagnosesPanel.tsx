import { useState } from "react";
import { errorMessage } from "../../../lib/api/index.ts";
import { type Diagnosis, diagnosisCreateSchema, diagnosisUpdateSchema } from "../../../../../sync/schemas/diagnosis.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, ConfirmDialog, Dialog, EmptyState, useSnackbar, TextField } from "../../../ui/index.ts";
import { FormError } from "../../auth/index.ts";
import { useActions } from "../hooks/use-actions.ts";
import { SAVED_ON_DEVICE, useDeviceEntries, useRecordOnDevice, useServerOrDevice } from "../../sync/index.ts";
import { deviceDiagnoses } from "../lib/device-entries.ts";
import type { ChartPermissions } from "../lib/permissions.ts";
import { DiagnosisPicker } from "./DiagnosisPicker.tsx";
import { ResourceState } from "./ResourceState.tsx";
import { SharedBadge } from "./SharedBadge.tsx";
import { chartKeys } from "../keys.ts";

type Props = {
  patientId: string;
  encounterId: string;
  permissions: ChartPermissions;
  /** Changes when something else changed the diagnoses (e.g. "Send all" shared them). */
  refreshKey?: number;
};

/** The encounter's diagnoses: the doctor adds (ICD-10), edits, shares, unshares and deletes; others read. */
export function DiagnosesPanel({ patientId, encounterId, permissions, refreshKey = 0 }: Props) {
  const api = useApi();
  const device = useDeviceEntries(patientId, "diagnosis", (entries) => {
    const list = deviceDiagnoses(entries, encounterId);
    return { list, totalCount: list.length };
  }, [encounterId]);
  const diagnoses = useServerOrDevice({
    queryKey: chartKeys.diagnoses(encounterId),
    queryFn: ({ signal }) => api.POST("/diagnoses/list/{encounterId}", { path: { encounterId }, body: { offset: 0, limit: 100 }, signal }),
    refreshOn: refreshKey,
  }, device);
  const { run, busy } = useActions();
  const [editing, setEditing] = useState<Diagnosis | "new" | null>(null);
  const [deleting, setDeleting] = useState<Diagnosis | null>(null);
  const replace = (d: Diagnosis) =>
    diagnoses.setData((page) => ({ ...page, list: page.list.map((x) => (x.id === d.id ? d : x)) }));

  const toggleShare = async (d: Diagnosis) => {
    const verb = d.isShared ? "unshare" : "share";
    const path = d.isShared ? "/diagnoses/unshare/{id}" : "/diagnoses/share/{id}";
    const saved = await run(`${verb}-${d.id}`, () => api.PUT(path, { path: { id: d.id } }), d.isShared ? "No longer shared" : "Shared with the patient");
    if (saved) replace(saved);
  };

  return (
    <section className="stack" aria-labelledby="diagnoses-title" aria-busy={diagnoses.loading}>
      <div className="row chart-section__bar">
        <h2 id="diagnoses-title">Diagnoses</h2>
        {permissions.decide && (!diagnoses.offline || diagnoses.fromDevice) && (
          <Button variant="secondary" onClick={() => setEditing("new")}>Add diagnosis</Button>
        )}
      </div>
      <ResourceState resource={diagnoses} label="Diagnoses">
        {(page) =>
          page.list.length === 0
            ? <EmptyState title={permissions.prepare ? "No diagnoses yet" : "No diagnoses shared"} />
            : (
              <ul className="chart-list">
                {page.list.map((d) => (
                  <li key={d.id} className="chart-list__item">
                    <div className="chart-list__main">
                      <span className="chart-list__title"><span className="chart-code">{d.code}</span> {d.description}</span>
                      {d.comment && <span className="muted">{d.comment}</span>}
                      {permissions.prepare && <SharedBadge shared={d.isShared} waiting={diagnoses.fromDevice && device.waiting?.has(d.id) === true} />}
                    </div>
                    {permissions.decide && !diagnoses.offline && (
                      <div className="row chart-list__actions">
                        <Button variant="text" aria-label={`Edit ${d.code}`} onClick={() => setEditing(d)}>Edit</Button>
                        <Button
                          variant="text"
                          aria-label={`${d.isShared ? "Unshare" : "Share"} ${d.code}`}
                          loading={busy === `${d.isShared ? "unshare" : "share"}-${d.id}`}
                          onClick={() => void toggleShare(d)}
                        >
                          {d.isShared ? "Unshare" : "Share"}
                        </Button>
                        <Button variant="text" aria-label={`Delete ${d.code}`} onClick={() => setDeleting(d)}>Delete</Button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
      </ResourceState>
      <Dialog open={editing !== null} title={editing === "new" ? "Add a diagnosis" : "Edit diagnosis"} onClose={() => setEditing(null)} wide>
        {editing && (
          <DiagnosisForm
            key={editing === "new" ? "new" : editing.id}
            patientId={patientId}
            encounterId={encounterId}
            diagnosis={editing === "new" ? null : editing}
            onSaved={(d) => (editing === "new" ? diagnoses.setData((p) => ({ ...p, list: [...p.list, d], totalCount: p.totalCount + 1 })) : replace(d))}
            onClose={() => setEditing(null)}
          />
        )}
      </Dialog>
      <ConfirmDialog
        describeFailure={errorMessage}
        open={deleting !== null}
        title="Delete this diagnosis?"
        summary={deleting ? `${deleting.code} ${deleting.description} is removed from the encounter.` : ""}
        confirmLabel="Delete"
        danger
        onConfirm={async () => {
          if (!deleting) return;
          await api.DELETE("/diagnoses/delete/{id}", { path: { id: deleting.id } });
          diagnoses.setData((p) => ({ ...p, list: p.list.filter((x) => x.id !== deleting.id), totalCount: p.totalCount - 1 }));
        }}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

function DiagnosisForm(
  { patientId, encounterId, diagnosis, onSaved, onClose }: {
    patientId: string;
    encounterId: string;
    diagnosis: Diagnosis | null;
    onSaved: (d: Diagnosis) => void;
    onClose: () => void;
  },
) {
  const api = useApi();
  const device = useRecordOnDevice();
  const notify = useSnackbar();
  const [picked, setPicked] = useState(diagnosis ? { code: diagnosis.code, description: diagnosis.description } : null);
  const form = useForm({
    schema: diagnosis ? diagnosisUpdateSchema : diagnosisCreateSchema,
    idPrefix: "diagnosis-form",
    initial: { code: diagnosis?.code ?? "", comment: diagnosis?.comment ?? "" },
    // An empty pick says what to do rather than "Invalid ICD-10 code".
    extraCheck: (v): Record<string, string> => (v.code ? {} : { code: "Choose a diagnosis from the list" }),
  });
  const submit = form.handleSubmit(async (data) => {
    let saved: Diagnosis;
    if (diagnosis) saved = await api.PUT("/diagnoses/edit/{id}", { path: { id: diagnosis.id }, body: data });
    else {
      // A new diagnosis went through the create schema (see `schema`): parsing it again gives the create input's type.
      const created = diagnosisCreateSchema.parse(data);
      if (device.offline) {
        await device.record({ kind: "diagnosis", patientId, encounterId, input: created });
        notify(SAVED_ON_DEVICE, "success");
        onClose();
        return;
      }
      saved = await api.POST("/diagnoses/create/{encounterId}", { path: { encounterId }, body: created });
    }
    onSaved(saved);
    notify(diagnosis ? "Diagnosis saved" : "Diagnosis added", "success");
    onClose();
  });
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={diagnosis ? "Edit diagnosis" : "Add a diagnosis"}>
      <DiagnosisPicker
        id={form.fieldId("code")}
        label="Diagnosis (ICD-10)"
        value={picked}
        onChange={(option) => {
          setPicked(option);
          form.set("code", option?.code ?? "");
        }}
        error={form.errors.code}
      />
      <TextField
        {...form.field("comment")}
        label="Comment (optional)"
        multiline
      />
      <FormError message={form.formError} />
      <div className="row">
        <Button type="submit" loading={form.submitting}>{diagnosis ? "Save diagnosis" : "Add diagnosis"}</Button>
        <Button variant="secondary" onClick={onClose} disabled={form.submitting}>Cancel</Button>
      </div>
    </form>
  );
}
