import { FieldMessage } from "../../../ui/FieldMessage.tsx";

export type ChoiceGroupProps<T extends string> = {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T | "";
  onChange: (value: T) => void;
  /** Id of the first radio (a form error focuses it). */
  id: string;
  error?: string;
  hint?: string;
};

/** A labelled group of radio buttons drawn as a segmented control; arrows move between them natively. */
export function ChoiceGroup<T extends string>({ legend, name, options, value, onChange, id, error, hint }: ChoiceGroupProps<T>) {
  const errorId = `${id}-error`;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <fieldset className="choice-group" aria-describedby={[hintId, error ? errorId : ""].filter(Boolean).join(" ") || undefined}>
      <legend className="ui-field__label">{legend}</legend>
      <div className="ui-segmented">
        {options.map((option, index) => (
          <label key={option.value}>
            <input
              type="radio"
              name={name}
              id={index === 0 ? id : undefined}
              value={option.value}
              checked={value === option.value}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {hint && <span id={hintId} className="ui-field__hint">{hint}</span>}
      <FieldMessage id={errorId} error={error} />
    </fieldset>
  );
}
