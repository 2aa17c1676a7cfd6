import { type SelectHTMLAttributes, useId } from "react";
import { describedBy, FieldMessage } from "./FieldMessage.tsx";

export type SelectOption = { value: string; label: string };

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange" | "value"> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** Text of the empty first option; omit to have no empty option. */
  placeholder?: string;
  error?: string;
  hint?: string;
};

/** A labelled native select: the best keyboard and screen-reader support comes for free. */
export function Select(
  { label, value, onChange, options, placeholder, error, hint, id, className, ...rest }: SelectProps,
) {
  const autoId = useId();
  const selectId = id ?? `select-${autoId}`;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div className={["ui-field", className ?? ""].join(" ").trim()}>
      <label className="ui-field__label" htmlFor={selectId}>{label}</label>
      <select
        {...rest}
        id={selectId}
        className="ui-select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ hintId, errorId })}
        onChange={(event) => onChange(event.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </select>
      {hint && <span id={hintId} className="ui-field__hint">{hint}</span>}
      <FieldMessage id={`${selectId}-error`} error={error} />
    </div>
  );
}
