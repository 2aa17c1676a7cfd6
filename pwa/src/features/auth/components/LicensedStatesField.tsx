import { US_STATES } from "../../../../../sync/us-states.ts";
import "../auth.css";

type LicensedStatesFieldProps = {
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  fieldId: (name: string) => string;
};

/** A multi-select as a group of checkboxes: easier on phones and screen readers than `<select multiple>`. */
export function LicensedStatesField({ value, onChange, error, fieldId }: LicensedStatesFieldProps) {
  const errorId = `${fieldId("licensedStates")}-error`;
  const toggle = (code: string, checked: boolean) =>
    onChange(checked ? [...new Set([...value, code])] : value.filter((item) => item !== code));
  return (
    <fieldset className="ui-fieldset" aria-describedby={error ? errorId : undefined}>
      <legend>States where you are licensed ({value.length} chosen)</legend>
      <div className="licensed-states">
        {Object.entries(US_STATES).map(([code, name], index) => (
          <label key={code} className="ui-checkbox">
            <input
              type="checkbox"
              id={index === 0 ? fieldId("licensedStates") : undefined}
              checked={value.includes(code)}
              onChange={(event) => toggle(code, event.target.checked)}
            />
            <span>{name}</span>
          </label>
        ))}
      </div>
      {error && <p id={errorId} className="ui-field__error" role="alert">{error}</p>}
    </fieldset>
  );
}
