import { useId } from "react";

type TextFieldProps = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: "text" | "email";
  multiline?: boolean;
  autoComplete?: string;
  maxLength?: number;
  readOnly?: boolean;
};

/**
 * A labelled input or textarea whose error is announced and tied to it with
 * `aria-describedby`, so a screen reader reads the message with the field.
 */
export function TextField(
  { name, label, value, onChange, error, type = "text", multiline = false, autoComplete, maxLength, readOnly }:
    TextFieldProps,
) {
  const id = `${useId()}-${name}`;
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    value,
    maxLength,
    readOnly,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  } as const;

  return (
    <div className={error ? "public-field public-field--invalid" : "public-field"}>
      <label htmlFor={id}>{label}</label>
      {multiline
        ? <textarea {...shared} rows={6} onChange={(event) => onChange(event.target.value)} />
        : (
          <input
            {...shared}
            type={type}
            autoComplete={autoComplete}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      {error && (
        <p id={errorId} className="public-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
