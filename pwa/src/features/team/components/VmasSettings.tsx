/**
 * Settings → Manage VMAs (01 §7): the doctor's assistants, an invitation by
 * email and name (an existing VMA's address attaches them), reset password
 * (mail) and detach (after a confirmation: the VMA loses this practice at once).
 */
import { useState } from "react";
import { Link } from "react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "../../../lib/forms/use-form.ts";
import { useAppDeps } from "../../../lib/app-deps.tsx";
import { createVmaSchema, type VmaView } from "../../../../../sync/schemas/team.ts";
import { Button, ConfirmDialog, EmptyState, Spinner, TextField, useSnackbar } from "../../../ui/index.ts";
import { errorText, teamKeys } from "../lib/keys.ts";

const NO_VMA = { email: "", firstName: "", lastName: "" };

export function VmasSettings() {
  const { api } = useAppDeps();
  const notify = useSnackbar();
  const client = useQueryClient();
  const vmas = useQuery({ queryKey: teamKeys.vmas, queryFn: () => api.GET("/vmas/list") });
  const [detaching, setDetaching] = useState<VmaView | null>(null);
  // The refusal is said in the form (an alert of its own), not also in a snackbar.
  const form = useForm({ schema: createVmaSchema, initial: NO_VMA, idPrefix: "invite-vma", announceFailure: false });
  const { values, errors } = form;
  const reset = useMutation({
    mutationFn: (vma: VmaView) => api.POST("/vmas/doctor/reset/password", { body: { vmaId: vma.id } }),
    onSuccess: (_r, vma) => notify(`A password link was sent to ${vma.email}`),
    onError: (error) => notify(errorText(error), "error"),
  });
  const submit = form.handleSubmit(async (body) => {
    const vma = await api.POST("/vmas", { body });
    form.setValues(() => NO_VMA);
    notify(vma.invited ? `Invitation sent to ${vma.email}` : `${vma.firstName} ${vma.lastName} now works for you too`);
    void client.invalidateQueries({ queryKey: teamKeys.vmas });
  });
  const failure = form.formError ?? errors._;

  return (
    <div className="stack">
      {vmas.isPending ? <Spinner label="Loading your assistants" /> : vmas.isError
        ? <p role="alert">{errorText(vmas.error)} <Button variant="text" onClick={() => void vmas.refetch()}>Retry</Button></p>
        : vmas.data.list.length === 0
        ? <EmptyState title="No assistants yet">Invite a VMA below: they get an email to set their password.</EmptyState>
        : (
          <ul className="stack" style={{ listStyle: "none", padding: 0 }} aria-label="Your VMAs">
            {vmas.data.list.map((v) => (
              <li key={v.id} className="row" style={{ flexWrap: "wrap", gap: "0.5rem", alignItems: "center" }}>
                <span style={{ flex: "1 1 12rem" }}>
                  <strong><Link to={`/settings/${encodeURIComponent(v.id)}`}>{v.firstName} {v.lastName}</Link></strong> · {v.email}{v.passwordSet ? "" : " · invitation pending"}
                </span>
                <Button variant="secondary" onClick={() => reset.mutate(v)} aria-label={`Reset password of ${v.firstName} ${v.lastName}`}>
                  Reset password
                </Button>
                <Button variant="danger" onClick={() => setDetaching(v)} aria-label={`Detach ${v.firstName} ${v.lastName}`}>Detach</Button>
              </li>
            ))}
          </ul>
        )}
      <form className="stack" onSubmit={submit} aria-labelledby="invite-vma-title" noValidate>
        <h3 id="invite-vma-title">Invite a VMA</h3>
        <TextField label="Email" type="email" autoComplete="off" value={values.email} error={errors.email}
          onChange={(email) => form.set("email", email)} />
        <TextField label="First name" value={values.firstName} error={errors.firstName} onChange={(v) => form.set("firstName", v)} />
        <TextField label="Last name" value={values.lastName} error={errors.lastName} onChange={(v) => form.set("lastName", v)} />
        {failure && <p role="alert" className="ui-field__error">{failure}</p>}
        <div><Button type="submit" loading={form.submitting}>Invite</Button></div>
      </form>
      {detaching && (
        <ConfirmDialog
          title={`Detach ${detaching.firstName} ${detaching.lastName}?`}
          summary="They lose access to your patients at once, on every device."
          confirmLabel="Detach"
          danger
          onConfirm={async () => {
            await api.POST("/vmas/detach", { body: { vmaId: detaching.id } });
            notify(`${detaching.firstName} ${detaching.lastName} was detached`);
            await client.invalidateQueries({ queryKey: teamKeys.vmas });
          }}
          onClose={() => setDetaching(null)}
          describeFailure={errorText}
        />
      )}
    </div>
  );
}
