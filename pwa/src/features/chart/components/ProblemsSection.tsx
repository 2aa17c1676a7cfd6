import { useState } from "react";
import { errorMessage } from "../../../lib/api/index.ts";
import { type Problem, problemCreateSchema, PROBLEM_STATUSES } from "../../../../../sync/schemas/problem.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, ConfirmDialog, Dialog, EmptyState, Select, useSnackbar, TextField } from "../../../ui/index.ts";
import { FormError } from "../../auth/index.ts";
import { useActions } from "../hooks/use-actions.ts";
import { deviceProblems } from "../lib/device-entries.ts";
import { textOrUndefined } from "../lib/chart-format.ts";
import type { ChartPermissions } from "../lib/permissions.ts";
import { ResourceState } from "./ResourceState.tsx";
import { SharedBadge } from "./SharedBadge.tsx";
import { SAVED_ON_DEVICE, useActorLabel, useDeviceEntries, useRecordOnDevice, useServerOrDevice } from "../../sync/index.ts";
import { chartKeys } from "../keys.ts";

const STATUS_LABELS: Record<Problem["status"], string> = { active: "Active", resolved: "Resolved" };

/**
 * The patient's problem list (`GET /problems/patient/{id}`): the care team adds,
 * the doctor shares, unshares and deletes; the patient sees the shared ones.
 */
export function ProblemsSection({ patientId, permissions }: { patientId: string; permissions: ChartPermissions }) {
  const api = useApi();
  const actorLabel = useActorLabel();
  const device = useDeviceEntries(patientId, "problem", deviceProblems);
  const problems = useServerOrDevice({
    queryKey: chartKeys.problems(patientId),
    queryFn: ({ signal }) => api.GET("/problems/patient/{id}", { path: { id: patientId }, signal }),
  }, device);
  const { run, busy } = useActions();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Problem | null>(null);

  const replace = (p: Problem) => problems.setData((list) => list.map((x) => (x.id === p.id ? p : x)));
  const toggleShare = async (p: Problem) => {
    const verb = p.isShared ? "unshare" : "share";
    const path = p.isShared ? "/problems/{id}/unshare" : "/problems/{id}/share";
    const saved = await run(`${verb}-${p.id}`, () => api.PUT(path, { path: { id: p.id } }), p.isShared ? "No longer shared" : "Shared with the patient");
    if (saved) replace(saved);
  };

  return (
    <section className="stack" aria-labelledby="problems-title" aria-busy={problems.loading}>
      <div className="row chart-section__bar">
        <h2 id="problems-title">Problems</h2>
        {permissions.prepare && (!problems.offline || problems.fromDevice) && (
          <Button variant="secondary" onClick={() => setAdding(true)}>Add problem</Button>
        )}
      </div>
      <ResourceState resource={problems} label="Problems">
        {(list) =>
          list.length === 0
            ? (
              <EmptyState title={permissions.prepare ? "No problems recorded" : "Nothing shared yet"}>
                {permissions.prepare ? "Add the patient's ongoing and past conditions here." : "Problems your doctor shares with you appear here."}
              </EmptyState>
            )
            : (
              <ul className="chart-list">
                {list.map((p) => (
                  <li key={p.id} className="chart-list__item">
                    <div className="chart-list__main">
                      <span className="chart-list__title">{p.name}{p.code ? ` (${p.code})` : ""}</span>
                      <span className="muted">
                        {[
                          STATUS_LABELS[p.status],
                          p.onset && `since ${p.onset}`,
                          p.comment,
                          // The care team sees who recorded it, and for whom when an assistant did (issue 32).
                          permissions.prepare && actorLabel(p.createdBy) && `added by ${actorLabel(p.createdBy)}`,
                        ].filter(Boolean).join(" · ")}
                      </span>
                      {permissions.prepare && <SharedBadge shared={p.isShared} waiting={problems.fromDevice && device.waiting?.has(p.id) === true} />}
                    </div>
                    {permissions.decide && !problems.offline && (
                      <div className="row chart-list__actions">
                        <Button
                          variant="text"
                          aria-label={`${p.isShared ? "Unshare" : "Share"} ${p.name}`}
                          loading={busy === `${p.isShared ? "unshare" : "share"}-${p.id}`}
                          onClick={() => void toggleShare(p)}
                        >
                          {p.isShared ? "Unshare" : "Share"}
                        </Button>
                        <Button variant="text" aria-label={`Delete ${p.name}`} onClick={() => setDeleting(p)}>Delete</Button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
      </ResourceState>
      <Dialog open={adding} title="Add a problem" onClose={() => setAdding(false)}>
        {adding && (
          <ProblemForm
            patientId={patientId}
            onClose={() => setAdding(false)}
            onSaved={(p) => problems.setData((list) => [p, ...list])}
          />
        )}
      </Dialog>
      <ConfirmDialog
        describeFailure={errorMessage}
        open={deleting !== null}
        title="Delete this problem?"
        summary={deleting ? `“${deleting.name}” is removed from the problem list.` : ""}
        confirmLabel="Delete"
        danger
        onConfirm={async () => {
          if (!deleting) return;
          await api.DELETE("/problems/{id}", { path: { id: deleting.id } });
          problems.setData((list) => list.filter((x) => x.id !== deleting.id));
        }}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

function ProblemForm({ patientId, onSaved, onClose }: { patientId: string; onSaved: (p: Problem) => void; onClose: () => void }) {
  const api = useApi();
  const notify = useSnackbar();
  const form = useForm({
    schema: problemCreateSchema,
    idPrefix: "problem-form",
    initial: { name: "", code: "", status: "active", onset: "", comment: "" },
    toInput: (v) => ({ ...v, code: textOrUndefined(v.code) }),
  });
  const device = useRecordOnDevice();
  const submit = form.handleSubmit(async (data) => {
    if (device.offline) {
      await device.record({ kind: "problem", patientId, input: data });
      notify(SAVED_ON_DEVICE, "success");
    } else {
      onSaved(await api.POST("/problems/patient/{id}", { path: { id: patientId }, body: data }));
      notify("Problem added", "success");
    }
    onClose();
  });
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Add a problem">
      <TextField {...form.field("name")} label="Problem" required autoComplete="off" />
      <div className="form-grid form-grid--two">
        <TextField
          {...form.field("code")}
          label="ICD-10 code (optional)"
          hint="e.g. I10"
          autoComplete="off"
        />
        <Select
          {...form.field("status")}
          label="Status"
          options={PROBLEM_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        />
      </div>
      <TextField
        {...form.field("onset")}
        label="Since (optional)"
        hint="A year, or a year and month (e.g. 2015-06)"
        autoComplete="off"
      />
      <TextField {...form.field("comment")} label="Comment (optional)" multiline />
      <FormError message={form.formError} />
      <div className="row">
        <Button type="submit" loading={form.submitting}>Add problem</Button>
        <Button variant="secondary" onClick={onClose} disabled={form.submitting}>Cancel</Button>
      </div>
    </form>
  );
}
