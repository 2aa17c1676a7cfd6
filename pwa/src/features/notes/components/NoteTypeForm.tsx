import { useEffect, useRef, useState } from "react";
import { type NoteType, type NoteTypeCreate, noteTypeCreateSchema } from "../../../../../sync/schemas/note-type.ts";
import { NOTE_FIELD_NAMES_MAX } from "../../../../../sync/collections/encounter-notes.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, TextField } from "../../../ui/index.ts";
import { FieldMessage } from "../../../ui/FieldMessage.tsx";
import { FormError } from "../../auth/index.ts";

type Values = { name: string; fieldNames: string[] };
const EMPTY: Values = { name: "", fieldNames: [""] };
const ADD_ID = "note-type-add-field";

/** Where focus goes after the list changed: a row's input or one of its arrows (by the row's new index), or Add. */
type FocusRequest = { index: number; target: "input" | "up" | "down" } | { index: null; target: "add" } | null;

export type NoteTypeFormProps = {
  /** `POST /noteTypes`; rejects with the API's error (field errors land beside the fields). */
  onCreate(input: NoteTypeCreate): Promise<NoteType>;
};

/**
 * "New note type": a name and the note's fields in order (02 §3: name, fieldNames). Fields are added, removed
 * and moved with buttons; focus stays with the row that moved and the move is announced. Checked with the
 * shared schema before sending.
 */
export function NoteTypeForm({ onCreate }: NoteTypeFormProps) {
  const form = useForm({ schema: noteTypeCreateSchema, initial: EMPTY, idPrefix: "note-type" });
  const { values, errors, fieldId } = form;
  const nextKey = useRef(1);
  const [keys, setKeys] = useState<number[]>([0]);
  const [focus, setFocus] = useState<FocusRequest>(null);
  const [announcement, setAnnouncement] = useState("");
  const count = values.fieldNames.length;
  const full = count >= NOTE_FIELD_NAMES_MAX;

  const rowId = (index: number, part?: "up" | "down") => `${fieldId(`fieldNames.${index}`)}${part ? `-${part}` : ""}`;
  useEffect(() => {
    if (!focus) return;
    setFocus(null);
    if (focus.index === null) return document.getElementById(ADD_ID)?.focus();
    const byId = (id: string) => document.getElementById(id) as HTMLInputElement | HTMLButtonElement | null;
    if (focus.target === "input") return byId(rowId(focus.index))?.focus();
    // At an end the arrow it used is off: the other one keeps the keyboard on the row.
    const wanted = byId(rowId(focus.index, focus.target));
    const other = byId(rowId(focus.index, focus.target === "up" ? "down" : "up"));
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [focus]);

  const setNames = (names: string[], nextKeys: number[]) => {
    form.set("fieldNames", names);
    setKeys(nextKeys);
  };
  const label = (index: number) => values.fieldNames[index].trim() || `field ${index + 1}`;

  const add = () => {
    const key = nextKey.current++;
    setNames([...values.fieldNames, ""], [...keys, key]);
    setFocus({ index: values.fieldNames.length, target: "input" });
  };
  const remove = (index: number) => {
    const names = values.fieldNames.filter((_, i) => i !== index);
    const nextKeys = keys.filter((_, i) => i !== index);
    setAnnouncement(`Removed ${label(index)}.`);
    setNames(names, nextKeys);
    setFocus(names.length === 0 ? { index: null, target: "add" } : { index: Math.min(index, names.length - 1), target: "input" });
  };
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const names = [...values.fieldNames];
    const nextKeys = [...keys];
    [names[index], names[to]] = [names[to], names[index]];
    [nextKeys[index], nextKeys[to]] = [nextKeys[to], nextKeys[index]];
    setAnnouncement(`${label(index)} moved to position ${to + 1} of ${count}.`);
    setNames(names, nextKeys);
    setFocus({ index: to, target: by < 0 ? "up" : "down" });
  };

  const submit = form.handleSubmit(async (data) => {
    await onCreate(data);
    form.setValues(() => EMPTY);
    setKeys([nextKey.current++]);
    setAnnouncement("");
  });

  const listError = errors.fieldNames;
  return (
    <form className="stack note-type-form" onSubmit={submit} noValidate aria-labelledby="note-type-form-title">
      <h3 id="note-type-form-title">New note type</h3>
      <TextField
        {...form.field("name")}
        label="Name"
        hint="For example SOAP, or Follow-up visit"
        required
        maxLength={100}
      />
      <fieldset
        id={fieldId("fieldNames")}
        className="note-type-form__fields"
        tabIndex={-1}
        aria-describedby={listError ? `${fieldId("fieldNames")}-error` : undefined}
      >
        <legend className="ui-field__label">Fields, in the order the note shows them</legend>
        <ol className="note-type-fields">
          {values.fieldNames.map((name, index) => {
            const n = index + 1;
            return (
              <li key={keys[index]} className="note-type-field">
                <TextField
                  id={rowId(index)}
                  label={`Field ${n}`}
                  required
                  maxLength={100}
                  value={name}
                  onChange={(value) => form.set("fieldNames", values.fieldNames.map((old, i) => (i === index ? value : old)))}
                  error={errors[`fieldNames.${index}`]}
                />
                <div className="note-type-field__actions">
                  <Button
                    variant="text"
                    aria-label={`Move field ${n} up`}
                    id={rowId(index, "up")}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    Up
                  </Button>
                  <Button
                    variant="text"
                    aria-label={`Move field ${n} down`}
                    id={rowId(index, "down")}
                    disabled={index === count - 1}
                    onClick={() => move(index, 1)}
                  >
                    Down
                  </Button>
                  <Button variant="text" aria-label={`Remove field ${n}`} disabled={count === 1} onClick={() => remove(index)}>
                    Remove
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
        <FieldMessage id={`${fieldId("fieldNames")}-error`} error={listError} />
        <div className="row">
          <Button variant="secondary" id={ADD_ID} onClick={add} disabled={full}>Add field</Button>
          {full && <span className="muted">At most {NOTE_FIELD_NAMES_MAX} fields.</span>}
        </div>
      </fieldset>
      <p className="visually-hidden" role="status">{announcement}</p>
      <FormError message={form.formError} />
      <div>
        <Button type="submit" loading={form.submitting}>Create note type</Button>
      </div>
    </form>
  );
}
