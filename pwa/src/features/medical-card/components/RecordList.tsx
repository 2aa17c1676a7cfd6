import { type ReactNode, useEffect, useRef } from "react";
import { Button } from "../../../ui/index.ts";
import { ColumnField } from "./ColumnField.tsx";
import { LISTS, type ListName, type Row } from "../medical-card-form.ts";

type RecordListProps = {
  name: ListName;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  onAdd: () => void;
  errors: Record<string, string>;
  fieldId: (path: string) => string;
  /** E.g. the "No known allergies" tick, shown above the list. */
  before?: ReactNode;
  /** Hide the list (and its add button) when "nothing significant" is ticked. */
  hidden?: boolean;
};

/** One list of the medical card: each entry is a labelled group with its own remove button. */
export function RecordList({ name, rows, onChange, onAdd, errors, fieldId, before, hidden = false }: RecordListProps) {
  const spec = LISTS[name];
  const update = (index: number, patch: Record<string, string>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const remove = (index: number) => onChange(rows.filter((_, i) => i !== index));

  // A new entry takes the focus, so keyboard and screen-reader users land in it.
  const previousLength = useRef(rows.length);
  useEffect(() => {
    if (rows.length > previousLength.current) {
      document.getElementById(fieldId(`${name}.${rows.length - 1}.${spec.columns[0].key}`))?.focus();
    }
    previousLength.current = rows.length;
  }, [rows.length, name, fieldId, spec]);

  return (
    <section className="card stack" aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`}>{spec.title}</h2>
      {before}
      {!hidden && (
        <>
          {rows.length === 0 && <p className="muted">Nothing added.</p>}
          {rows.map((row, index) => (
            <fieldset key={index} className="ui-fieldset stack">
              <legend>{spec.itemLabel} {index + 1}</legend>
              <div className="form-grid form-grid--two">
                {spec.columns.map((column) => {
                  const path = `${name}.${index}.${column.key}`;
                  return (
                    <ColumnField
                      key={column.key}
                      column={column}
                      id={fieldId(path)}
                      values={row}
                      set={(patch) => update(index, patch)}
                      error={errors[path]}
                    />
                  );
                })}
              </div>
              <div>
                <Button variant="text" onClick={() => remove(index)}>
                  Remove {spec.itemLabel.toLowerCase()} {index + 1}
                </Button>
              </div>
            </fieldset>
          ))}
          {errors[name] && <p className="ui-field__error" role="alert">{errors[name]}</p>}
          <div>
            <Button variant="secondary" onClick={onAdd}>Add {spec.itemLabel.toLowerCase()}</Button>
          </div>
        </>
      )}
    </section>
  );
}
