import { type ReactNode, useId } from "react";
import { FieldMessage } from "./FieldMessage.tsx";

export type CheckboxProps = {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  id?: string;
  name?: string;
  value?: string;
  disabled?: boolean;
};

/** A native checkbox with its label beside it; the label may contain links. */
export function Checkbox({ label, checked, onChange, error, id, name, value, disabled }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? `check-${autoId}`;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className="ui-field">
      <div className="ui-checkbox">
        <input
          id={inputId}
          type="checkbox"
          name={name}
          value={value}
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={inputId}>{label}</label>
      </div>
      <FieldMessage id={`${inputId}-error`} error={error} />
    </div>
  );
}
