/**
 * Settings → Consultations (02 §3 "Intake form settings per doctor", §7
 * `GET/POST /intakeForms/settings/doctor/{id}`): whether patients give vitals
 * when booking (and must), and the doctor's own questions, each with its input
 * type and whether it is required. The doctor edits it; their VMAs edit their
 * doctor's. Types and prices live in Services and Memberships, hours and slot
 * length in Availability: the server has no other per-doctor consultation setting.
 */
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { INTAKE_FIELDS_MAX, INTAKE_INPUT_TYPES, type IntakeFormSettings, type IntakeSettingsInput } from "../../../../../sync/schemas/intake-form.ts";
import { errorMessage, isApiError } from "../../../lib/api/api-error.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Button, Checkbox, EmptyState, Select, Spinner, TextField, useSnackbar } from "../../../ui/index.ts";
import {
  addField,
  canAddField,
  checkDraft,
  draftOf,
  type IntakeDraft,
  INPUT_TYPE_LABELS,
  moveField,
  patchField,
  removeField,
  setVitals,
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
        : settings.isError ? (
          <div className="stack">
            <p className="form-error" role="alert">{errorMessage(settings.error)}</p>
            <div><Button variant="secondary" onClick={() => void settings.refetch()}>Try again</Button></div>
          </div>
        )
        : <IntakeSettingsForm key={doctorId} doctorId={doctorId} settings={settings.data} />}
    </div>
  );
}

type Focus = { key: string; target: "question" | "up" | "down" | "add" } | null;

function IntakeSettingsForm({ doctorId, settings }: { doctorId: string; settings: IntakeFormSettings }) {
  const api = useApi();
  const client = useQueryClient();
  const notify = useSnackbar();
  const [draft, setDraft] = useState<IntakeDraft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
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

  const save = useMutation({
    mutationFn: (input: IntakeSettingsInput) => api.POST("/intakeForms/settings/doctor/{id}", { path: { id: doctorId }, body: input }),
    onSuccess: (saved) => {
      // The saved form (new questions now have ids); the Save button keeps the focus.
      setDraft(draftOf(saved));
      setErrors({});
      notify("Intake form saved", "success");
      client.setQueryData(consultationKeys.intakeSettings(doctorId), saved);
    },
    onError: (error) => setErrors(isApiError(error) ? { ...error.fieldErrors, form: error.message } : { form: errorMessage(error) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setErrors({ ...checked.errors, form: "Check the questions marked below." });
      return;
    }
    save.mutate(checked.input);
  };
  const add = () => {
    const { draft: next, key } = addField(draft);
    setDraft(next);
    if (key) setFocus({ key, target: "question" });
  };
  const remove = (key: string, index: number) => {
    const next = removeField(draft, key);
    setDraft(next);
    setErrors({});
    const neighbour = next.fields[Math.min(index, next.fields.length - 1)];
    setFocus(neighbour ? { key: neighbour.key, target: "question" } : { key: "", target: "add" });
  };
  const move = (key: string, by: -1 | 1) => {
    setDraft(moveField(draft, key, by));
    setErrors({});
    setFocus({ key, target: by === -1 ? "up" : "down" });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Intake form settings">
      <fieldset className="ui-fieldset stack">
        <legend>Vitals</legend>
        <Checkbox
          label="Ask for vitals (weight, height, blood pressure, pulse)"
          checked={draft.vitalsEnabled}
          onChange={(enabled) => setDraft(setVitals(draft, { enabled }))}
        />
        <Checkbox
          label="Require at least one vital sign"
          checked={draft.vitalsRequired}
          disabled={!draft.vitalsEnabled}
          error={errors.vitalsRequired}
          onChange={(required) => setDraft(setVitals(draft, { required }))}
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
                      onChange={(question) => setDraft(patchField(draft, field.key, { question }))}
                    />
                    <div className="row intake-question__options">
                      <Select
                        label={`Answer type of question ${n}`}
                        value={field.inputType}
                        options={TYPE_OPTIONS}
                        error={errors[`fields.${index}.inputType`]}
                        onChange={(value) => setDraft(patchField(draft, field.key, { inputType: value as typeof field.inputType }))}
                      />
                      <Checkbox
                        label={<>Required <span className="visually-hidden">(question {n})</span></>}
                        checked={field.required}
                        onChange={(required) => setDraft(patchField(draft, field.key, { required }))}
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

      {errors.form && <p className="form-error" role="alert">{errors.form}</p>}
      <div><Button type="submit" loading={save.isPending}>Save intake form</Button></div>
    </form>
  );
}
