/**
 * `/settings/{vmaId}` for the VMA's doctor (01 §6 "vma … may be created by a
 * doctor, detached, and given or reset a password"; pwa/docs/settings.md): the
 * assistant's account as the doctor manages it. Found through the doctor's own
 * list (`GET /vmas/list`), so anyone else's id shows `notFound`.
 */
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { VmaView } from "../../../../../sync/schemas/team.ts";
import { useAppDeps } from "../../../lib/app-deps.tsx";
import { Button, ConfirmDialog, LoadError, Spinner, useSnackbar } from "../../../ui/index.ts";
import { errorText, teamKeys } from "../lib/keys.ts";

export function VmaAccountSettings({ vmaId, notFound }: { vmaId: string; notFound: ReactNode }) {
  const { api } = useAppDeps();
  const vmas = useQuery({ queryKey: teamKeys.vmas, queryFn: () => api.GET("/vmas/list") });
  if (vmas.isPending) return <Spinner size={40} label="Loading the assistant's settings" />;
  if (vmas.isError) {
    return (
      <div className="stack">
        <title>Assistant settings · DPC Telehealth</title>
        <h1>Assistant settings</h1>
        <LoadError error={errorText(vmas.error)} onRetry={() => void vmas.refetch()} />
      </div>
    );
  }
  const vma = vmas.data.list.find((v) => v.id === vmaId);
  return vma ? <ManagedVma vma={vma} /> : <>{notFound}</>;
}

function ManagedVma({ vma }: { vma: VmaView }) {
  const { api } = useAppDeps();
  const notify = useSnackbar();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [detaching, setDetaching] = useState(false);
  const name = `${vma.firstName} ${vma.lastName}`;
  const reset = useMutation({
    mutationFn: () => api.POST("/vmas/doctor/reset/password", { body: { vmaId: vma.id } }),
    onSuccess: () => notify(`A password link was sent to ${vma.email}`),
    onError: (error) => notify(errorText(error), "error"),
  });
  return (
    <div className="stack">
      <title>{`Settings of ${name} · DPC Telehealth`}</title>
      <h1>Settings of {name}</h1>
      <section className="card stack" aria-labelledby="vma-account-title">
        <h2 id="vma-account-title">Your assistant</h2>
        <dl className="admin-detail">
          <dt>Email</dt>
          <dd>{vma.email}</dd>
          <dt>Status</dt>
          <dd>{vma.passwordSet ? "Signed up" : "Invitation pending: no password yet"}</dd>
        </dl>
      </section>
      <section className="card stack" aria-labelledby="vma-password-title">
        <h2 id="vma-password-title">Password</h2>
        <p>{name} gets an email with a link to set a new password. Their notification choices and sessions are their own.</p>
        <div><Button variant="secondary" loading={reset.isPending} onClick={() => reset.mutate()}>Send a password link</Button></div>
      </section>
      <section className="card stack" aria-labelledby="vma-detach-title">
        <h2 id="vma-detach-title">Detach</h2>
        <p>{name} loses access to your patients at once, on every device.</p>
        <div><Button variant="danger" onClick={() => setDetaching(true)}>Detach {name}</Button></div>
      </section>
      {detaching && (
        <ConfirmDialog
          title={`Detach ${name}?`}
          summary="They lose access to your patients at once, on every device."
          confirmLabel="Detach"
          danger
          onConfirm={async () => {
            await api.POST("/vmas/detach", { body: { vmaId: vma.id } });
            notify(`${name} was detached`);
            await client.invalidateQueries({ queryKey: teamKeys.vmas });
            navigate("/settings#vmas", { replace: true });
          }}
          onClose={() => setDetaching(false)}
          describeFailure={errorText}
        />
      )}
    </div>
  );
}
