/** Settings → Macros: the practice's shortcuts and texts (the doctor's, shared with their VMAs). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isApiError } from "../../../lib/api/api-error.ts";
import { useAppDeps } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { macroCreateSchema, type MacroView } from "../../../../../sync/schemas/team.ts";
import { Button, EmptyState, Spinner, TextField, useSnackbar } from "../../../ui/index.ts";
import { errorText, teamKeys } from "../lib/keys.ts";

const NO_MACRO = { shortcut: ";", text: "" };

export function MacrosSettings() {
  const { api } = useAppDeps();
  const notify = useSnackbar();
  const client = useQueryClient();
  const macros = useQuery({ queryKey: teamKeys.macros, queryFn: () => api.GET("/doctorMacros/list") });
  // The refusal is said in the form (an alert of its own), not also in a snackbar.
  const form = useForm({ schema: macroCreateSchema, initial: NO_MACRO, idPrefix: "macro", announceFailure: false });
  const { values, errors } = form;
  const refresh = () => client.invalidateQueries({ queryKey: teamKeys.macros });
  const remove = useMutation({
    mutationFn: (m: MacroView) => api.DELETE("/doctorMacros/{id}", { path: { id: m.id } }),
    onSuccess: () => { notify("Macro deleted"); void refresh(); },
    onError: (error) => notify(errorText(error), "error"),
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      await api.POST("/doctorMacros", { body });
    } catch (error) {
      // A shortcut already taken (409) is said beside the shortcut.
      if (!isApiError(error) || error.code !== 409) throw error;
      form.setErrors({ shortcut: error.fieldErrors.shortcut ?? error.message });
      return;
    }
    notify("Macro saved");
    form.setValues(() => NO_MACRO);
    void refresh();
  });
  const failure = form.formError ?? errors._;
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
        <TextField label="Shortcut" value={values.shortcut} error={errors.shortcut} hint="Starts with ; for example ;bp"
          onChange={(shortcut) => form.set("shortcut", shortcut)} />
        <TextField label="Text" multiline value={values.text} error={errors.text} onChange={(text) => form.set("text", text)} />
        {failure && <p role="alert" className="ui-field__error">{failure}</p>}
        <div><Button type="submit" loading={form.submitting}>Add macro</Button></div>
      </form>
    </div>
  );
}
