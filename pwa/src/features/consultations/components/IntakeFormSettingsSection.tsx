/**
 * Settings → Consultations (02 §3 "Intake form settings per doctor", §7
 * `GET/POST /intakeForms/settings/doctor/{id}`): whether patients give vitals
 * when booking (and must), and the doctor's own questions, each with its input
 * type and whether it is required. The doctor edits it; their VMAs edit their
 * doctor's. Types and prices live in Services and Memberships, hours and slot
 * length in Availability: the server has no other per-doctor consultation setting.
 */
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { INTAKE_FIELDS_MAX, INTAKE_INPUT_TYPES, type IntakeFormSettings, intakeSettingsInputSchema } from "../../../../../sync/schemas/intake-form.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, Checkbox, EmptyState, LoadError, Select, Spinner, TextField, useSnackbar } from "../../../ui/index.ts";
import {
  addField,
  canAddField,
  draftOf,
  INPUT_TYPE_LABELS,
  moveField,
  patchField,
  removeField,
  setVitals,
  toInput,
} from "../lib/intake-settings-draft.ts";
import { consultationKeys } from "../keys.ts";


const TYPE_OPTIONS = INTAKE_INPUT_TYPES.map((value) => ({ value, label: INPUT_TYPE_LABELS[value] }));

/** The section for the doctor whose settings these are (the doctor, or the VMA's doctor). */
export function IntakeFormSettingsSection({ doctorId }: { doctorId: string | null }) {
  const api = useApi();
  const settings = useQuery({
    queryKey: consultationKeys.intakeSettings(doctorId ?? ""),
    queryFn: ({ signal }) => api.GET("/intakeForms/settings/doctor/{id}", { path: { id: doctorId! }, signal }),
    enabled: doctorId !== null,
  });
  return (
    <div className="stack">
      <p>
        Patients fill in this intake form when they book a consultation with you. Consultation hours and length are set in{" "}
        <Link to="/availability">Availability</Link>; what you charge, in Services and Memberships.
      </p>
      {doctorId === null ? <p role="alert">You are not working for a doctor, so there is no intake form to set up.</p>
        : settings.isPending ? <Spinner size={24} label="Loading the intake form settings" />
        : settings.isError ? <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
        : <IntakeSettingsForm key={doctorId} doctorId={doctorId} settings={settings.data} />}
    </div>
  );
}

type Focus = { key: string; target: "question" | "up" | "down" | "add" } | null;

function IntakeSettingsForm({ doctorId, settings }: { doctorId: string; settings: IntakeFormSettings }) {
  const api = useApi();
  const client = useQueryClient();
  const notify = useSnackbar();
  // Checked with the server's schema; the refusal is said above the button (an alert of its own), not in a snackbar.
  const form = useForm({ schema: intakeSettingsInputSchema, initial: draftOf(settings), idPrefix: "intake", toInput, announceFailure: false });
  const { values: draft, errors } = form;
  const [focus, setFocus] = useState<Focus>(null);

  // Keeps keyboard users where they were after a question moves, appears or goes.
  useEffect(() => {
    if (!focus) return;
    const id = focus.target === "add" ? "intake-add-question" : `intake-${focus.key}-${focus.target}`;
    const element = document.getElementById(id) as HTMLButtonElement | HTMLInputElement | null;
    if (element && !(element instanceof HTMLButtonElement && element.disabled)) element.focus();
    else document.getElementById(`intake-${focus.key}-${focus.target === "up" ? "down" : "up"}`)?.focus();
    setFocus(null);
  }, [focus]);

  const submit = form.handleSubmit(async (input) => {
    const saved = await api.POST("/intakeForms/settings/doctor/{id}", { path: { id: doctorId }, body: input });
    // The saved form (new questions now have ids); the Save button keeps the focus.
    form.reset(draftOf(saved));
    notify("Intake form saved", "success");
    client.setQueryData(consultationKeys.intakeSettings(doctorId), saved);
  });
  const failure = form.formError ?? errors._ ?? (Object.keys(errors).length > 0 ? "Check the questions marked below." : null);
  const setDraft = form.setValues;
  const add = () => {
    const { draft: next, key } = addField(draft);
    setDraft(() => next);
    if (key) setFocus({ key, target: "question" });
  };
  // A question removed or moved changes the others' places: the errors by place no longer apply.
  const remove = (key: string, index: number) => {
    const next = removeField(draft, key);
    form.reset(next);
    const neighbour = next.fields[Math.min(index, next.fields.length - 1)];
    setFocus(neighbour ? { key: neighbour.key, target: "question" } : { key: "", target: "add" });
  };
  const move = (key: string, by: -1 | 1) => {
    form.reset(moveField(draft, key, by));
    setFocus({ key, target: by === -1 ? "up" : "down" });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Intake form settings">
      <fieldset className="ui-fieldset stack">
        <legend>Vitals</legend>
        <Checkbox
          label="Ask for vitals (weight, height, blood pressure, pulse)"
          checked={draft.vitalsEnabled}
          onChange={(enabled) => setDraft((d) => setVitals(d, { enabled }))}
        />
        <Checkbox
          label="Require at least one vital sign"
          checked={draft.vitalsRequired}
          disabled={!draft.vitalsEnabled}
          error={errors.vitalsRequired}
          onChange={(required) => setDraft((d) => setVitals(d, { required }))}
        />
      </fieldset>

      <fieldset className="ui-fieldset stack">
        <legend>Your questions ({draft.fields.length} of {INTAKE_FIELDS_MAX})</legend>
        {draft.fields.length === 0
          ? <EmptyState title="No questions of your own">Patients answer the standard intake form. Add a question to ask more.</EmptyState>
          : (
            <ol className="stack intake-questions">
              {draft.fields.map((field, index) => {
                const n = index + 1;
                return (
                  <li key={field.key} className="intake-question stack">
                    <TextField
                      id={`intake-${field.key}-question`}
                      label={`Question ${n}`}
                      value={field.question}
                      maxLength={500}
                      error={errors[`fields.${index}.question`]}
                      onChange={(question) => setDraft((d) => patchField(d, field.key, { question }))}
                    />
                    <div className="row intake-question__options">
                      <Select
                        label={`Answer type of question ${n}`}
                        value={field.inputType}
                        options={TYPE_OPTIONS}
                        error={errors[`fields.${index}.inputType`]}
                        onChange={(value) => setDraft((d) => patchField(d, field.key, { inputType: value as typeof field.inputType }))}
                      />
                      <Checkbox
                        label={<>Required <span className="visually-hidden">(question {n})</span></>}
                        checked={field.required}
                        onChange={(required) => setDraft((d) => patchField(d, field.key, { required }))}
                      />
                    </div>
                    <div className="row intake-question__actions">
                      <Button id={`intake-${field.key}-up`} variant="secondary" disabled={index === 0}
                        aria-label={`Move question ${n} up`} onClick={() => move(field.key, -1)}>
                        Move up
                      </Button>
                      <Button id={`intake-${field.key}-down`} variant="secondary" disabled={index === draft.fields.length - 1}
                        aria-label={`Move question ${n} down`} onClick={() => move(field.key, 1)}>
                        Move down
                      </Button>
                      <Button variant="danger" aria-label={`Remove question ${n}`} onClick={() => remove(field.key, index)}>
                        Remove
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        <div>
          <Button id="intake-add-question" variant="secondary" disabled={!canAddField(draft)} onClick={add}>Add a question</Button>
        </div>
        {!canAddField(draft) && <p className="muted">An intake form has at most {INTAKE_FIELDS_MAX} questions of your own.</p>}
      </fieldset>

      {failure && <p className="form-error" role="alert">{failure}</p>}
      <div><Button type="submit" loading={form.submitting}>Save intake form</Button></div>
    </form>
  );
}
