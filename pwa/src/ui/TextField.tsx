import { type InputHTMLAttributes, useId } from "react";
import { describedBy, FieldMessage } from "./FieldMessage.tsx";

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  /** Renders a `<textarea>` instead of an `<input>`. */
  multiline?: boolean;
};

/** A labelled input whose error is tied to it with aria-invalid and aria-describedby. */
export function TextField(
  { label, value, onChange, error, hint, multiline = false, id, className, ...rest }: TextFieldProps,
) {
  const autoId = useId();
  const inputId = id ?? `field-${autoId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const common = {
    id: inputId,
    className: "ui-input",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy({ hintId, errorId }),
  };
  return (
    <div className={["ui-field", className ?? ""].join(" ").trim()}>
      <label className="ui-field__label" htmlFor={inputId}>{label}</label>
      {multiline
        ? (
          <textarea
            {...common}
            name={rest.name}
            required={rest.required}
            maxLength={rest.maxLength}
            placeholder={rest.placeholder}
            disabled={rest.disabled}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )
        : <input {...rest} {...common} value={value} onChange={(event) => onChange(event.target.value)} />}
      {hint && <span id={hintId} className="ui-field__hint">{hint}</span>}
      <FieldMessage id={`${inputId}-error`} error={error} />
    </div>
  );
}
