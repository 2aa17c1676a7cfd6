import { useState } from "react";
import { AGREEMENT_STATUSES, type AgreementView, agreementInputSchema } from "../../../../../sync/schemas/admin.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, Checkbox, DataTable, Dialog, QueryState, Select, TextField, useSnackbar } from "../../../ui/index.ts";
import { dateOnly, useAdminAgreements, useAdminMutation } from "../api.ts";

type Draft = {
  name: string; title: string; body: string; visible: boolean; required: boolean; signupPlacement: boolean; footer: boolean;
  status: string; date: string; newVersion: boolean;
};
const EMPTY: Draft = {
  name: "", title: "", body: "", visible: true, required: false, signupPlacement: false, footer: false, status: "draft",
  date: new Date().toISOString().slice(0, 10), newVersion: false,
};
const STATUS_LABELS: Record<string, string> = { draft: "Draft", published: "Published", archived: "Archived" };

/** The editable fields of a stored agreement (its version, PDF flag and times are the server's, not input). */
const draftOf = (a: AgreementView): Draft => ({
  name: a.name, title: a.title, body: a.body, visible: a.visible, required: a.required, signupPlacement: a.signupPlacement,
  footer: a.footer, status: a.status, date: a.date, newVersion: false,
});

function AgreementDialog({ initial, onClose }: { initial: AgreementView | null; onClose: () => void }) {
  const api = useApi();
  const notify = useSnackbar();
  const save = useAdminMutation((form: FormData) => api.POST("/admin/agreements", { form }), [["agreements"]]);
  const form = useForm({
    schema: agreementInputSchema,
    idPrefix: "agreement",
    // The failure is shown as an alert in the dialog, not also in a snackbar.
    announceFailure: false,
    initial: { ...(initial ? draftOf(initial) : EMPTY), file: null as File | null },
    // The PDF goes as a part of its own, beside the fields the schema checks.
    toInput: ({ file: _file, ...draft }) => draft,
    extraCheck: ({ file }): Record<string, string> =>
      file && file.type !== "application/pdf" && !file.name.toLowerCase().endsWith(".pdf") ? { file: "Agreement files must be PDF" } : {},
  });
  const { values: draft, errors } = form;
  const set = <K extends keyof typeof draft>(key: K) => (value: (typeof draft)[K]) => form.set(key, value);

  const submit = form.handleSubmit(async (input) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(input)) body.set(k, String(v));
    if (draft.file) body.set("file", draft.file);
    const saved = await save.mutateAsync(body);
    notify(`“${saved.title}” is saved (version ${saved.version})`, "success");
    onClose();
  });
  const failure = form.formError ?? errors._;

  return (
    <Dialog open wide title={initial ? `Edit “${initial.title}”` : "New agreement"} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate aria-label="Agreement">
        <div className="form-grid form-grid--two">
          <TextField label="Short name (address)" value={draft.name} onChange={set("name")} disabled={!!initial}
            error={errors.name} hint="Shown at /agreement/<short name>: lowercase letters, digits and dashes." />
          <TextField label="Title" value={draft.title} onChange={set("title")} error={errors.title} />
          <Select label="Status" value={draft.status} options={AGREEMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            onChange={set("status")} error={errors.status} />
          <TextField label="Date" type="date" value={draft.date} onChange={set("date")} error={errors.date} />
        </div>
        <TextField label="Text (optional when a PDF is attached)" multiline value={draft.body} onChange={set("body")} error={errors.body} />
        <div className="ui-field">
          <label className="ui-field__label" htmlFor="agreement-file">PDF file</label>
          <input id="agreement-file" type="file" accept="application/pdf,.pdf" aria-describedby={errors.file ? "agreement-file-error" : undefined}
            onChange={(e) => form.set("file", e.target.files?.[0] ?? null)} />
          {errors.file && <span id="agreement-file-error" className="form-error">{errors.file}</span>}
        </div>
        <fieldset className="admin-check-grid">
          <legend>Where and how</legend>
          <Checkbox label="Visible" checked={draft.visible} onChange={set("visible")} />
          <Checkbox label="Required" checked={draft.required} onChange={set("required")} />
          <Checkbox label="On the sign-up form" checked={draft.signupPlacement} onChange={set("signupPlacement")} />
          <Checkbox label="In the footer" checked={draft.footer} onChange={set("footer")} />
          {initial && <Checkbox label="New version: ask everyone to accept again" checked={draft.newVersion} onChange={set("newVersion")} />}
        </fieldset>
        {failure && <p className="form-error" role="alert">{failure}</p>}
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button type="submit" loading={form.submitting}>Save</Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Settings → agreements (admins): every field of 02 §3 and a PDF. */
export function AgreementsSection() {
  const agreements = useAdminAgreements();
  const [editing, setEditing] = useState<AgreementView | "new" | null>(null);
  return (
    <div className="stack">
      <div><Button onClick={() => setEditing("new")}>New agreement</Button></div>
      <QueryState label="agreements" isPending={agreements.isPending} error={agreements.error} refetch={() => void agreements.refetch()}
        empty={agreements.data?.length === 0} emptyTitle="No agreements yet">
        <DataTable caption="Agreements"
          columns={["Title", "Status", "Version", "Date", "Required", "Sign-up", "Footer", "Visible", "Actions"]}>
          {agreements.data?.map((a) => (
            <tr key={a.name}>
              <td><a href={`/agreement/${a.name}`}>{a.title}</a>{a.hasPdf && <span className="muted"> (PDF)</span>}</td>
              <td>{STATUS_LABELS[a.status]}</td>
              <td>{a.version}</td>
              <td>{dateOnly(a.date)}</td>
              <td>{a.required ? "Yes" : "No"}</td>
              <td>{a.signupPlacement ? "Yes" : "No"}</td>
              <td>{a.footer ? "Yes" : "No"}</td>
              <td>{a.visible ? "Yes" : "No"}</td>
              <td><Button variant="secondary" onClick={() => setEditing(a)} aria-label={`Edit ${a.title}`}>Edit</Button></td>
            </tr>
          ))}
        </DataTable>
      </QueryState>
      {editing && <AgreementDialog initial={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
