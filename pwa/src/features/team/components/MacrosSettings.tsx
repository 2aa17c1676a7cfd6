/** Settings → Macros: the practice's shortcuts and texts (the doctor's, shared with their VMAs). */
import { type FormEvent, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isApiError } from "../../../lib/api/api-error.ts";
import { useAppDeps } from "../../../lib/app-deps.tsx";
import type { MacroView } from "../../../../../sync/schemas/team.ts";
import { Button, EmptyState, Spinner, TextField, useSnackbar } from "../../../ui/index.ts";
import { errorText, teamKeys } from "../lib/keys.ts";

export function MacrosSettings() {
  const { api } = useAppDeps();
  const notify = useSnackbar();
  const client = useQueryClient();
  const macros = useQuery({ queryKey: teamKeys.macros, queryFn: () => api.GET("/doctorMacros/list") });
  const [form, setForm] = useState({ shortcut: ";", text: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => client.invalidateQueries({ queryKey: teamKeys.macros });
  const create = useMutation({
    mutationFn: () => api.POST("/doctorMacros", { body: form }),
    onSuccess: () => { notify("Macro saved"); setForm({ shortcut: ";", text: "" }); setErrors({}); void refresh(); },
    onError: (error) => setErrors(isApiError(error) ? { ...error.fieldErrors, shortcut: error.fieldErrors.shortcut ?? (error.code === 409 ? error.message : ""), _: error.code === 409 ? "" : error.message } : { _: errorText(error) }),
  });
  const remove = useMutation({
    mutationFn: (m: MacroView) => api.DELETE("/doctorMacros/{id}", { path: { id: m.id } }),
    onSuccess: () => { notify("Macro deleted"); void refresh(); },
    onError: (error) => notify(errorText(error), "error"),
  });
  const submit = (e: FormEvent) => { e.preventDefault(); create.mutate(); };
  return (
    <div className="stack">
      <p>Type a shortcut in a message, a note or a task to insert its text. Placeholders: {"{patient.firstName}"}, {"{patient.lastName}"}, {"{patient.fullName}"}, {"{patient.age}"}, {"{doctor.fullName}"}, {"{today}"}.</p>
      {macros.isPending ? <Spinner label="Loading macros" /> : macros.isError ? <p role="alert">{errorText(macros.error)}</p>
        : macros.data.list.length === 0 ? <EmptyState title="No macros yet">Add your first shortcut below.</EmptyState>
        : (
          <ul className="stack" style={{ listStyle: "none", padding: 0 }} aria-label="Macros">
            {macros.data.list.map((m) => (
              <li key={m.id} className="row" style={{ gap: "0.5rem", alignItems: "center", flexWrap: "wrap" }}>
                <strong>{m.shortcut}</strong><span style={{ flex: "1 1 12rem" }}>{m.text}</span>
                <Button variant="danger" aria-label={`Delete macro ${m.shortcut}`} loading={remove.isPending && remove.variables?.id === m.id}
                  onClick={() => remove.mutate(m)}>Delete</Button>
              </li>
            ))}
          </ul>
        )}
      <form className="stack" onSubmit={submit} noValidate aria-label="New macro">
        <TextField label="Shortcut" value={form.shortcut} error={errors.shortcut} hint="Starts with ; for example ;bp"
          onChange={(shortcut) => setForm({ ...form, shortcut })} />
        <TextField label="Text" multiline value={form.text} error={errors.text} onChange={(text) => setForm({ ...form, text })} />
        {errors._ && <p role="alert" className="ui-field__error">{errors._}</p>}
        <div><Button type="submit" loading={create.isPending}>Add macro</Button></div>
      </form>
    </div>
  );
}
