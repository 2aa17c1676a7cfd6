import { type Dispatch, type ReactNode, type SetStateAction, useId } from "react";
import { comboboxKeyDown } from "./combobox-keys.ts";
import { describedBy, FieldMessage } from "./FieldMessage.tsx";

type ComboboxFieldProps<T> = {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  /** The text in the box, and what typing does with it (the list opens as the user types). */
  input: string;
  onInput: (text: string) => void;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The matches of the text, and the one the arrows reached (-1: none). */
  options: T[];
  active: number;
  setActive: Dispatch<SetStateAction<number>>;
  /** False while the matches are being looked for: the list stays closed. */
  ready?: boolean;
  pick: (option: T) => void;
  optionKey: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  /** The line under the box, announced politely (what to type, how many match, a failure). */
  hint: ReactNode;
};

/**
 * A text box with a list of matches, as an ARIA 1.2 combobox with a listbox: arrows move through the
 * matches, Enter picks, Esc closes. The caller looks for the matches; a click picks without blurring the box.
 */
export function ComboboxField<T>(props: ComboboxFieldProps<T>) {
  const { id, label, required, error, input, onInput, open, setOpen, options, active, setActive, ready = true, pick } = props;
  const listId = useId();
  const hintId = `${id}-hint`;
  const expanded = open && ready && options.length > 0;
  return (
    <div className="ui-field ui-combobox">
      <label className="ui-field__label" htmlFor={id}>{label}</label>
      <input
        id={id}
        className="ui-input"
        type="text"
        role="combobox"
        autoComplete="off"
        required={required}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ hintId, errorId: error ? `${id}-error` : undefined })}
        value={input}
        onChange={(event) => {
          onInput(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => comboboxKeyDown(event, { open, setOpen, options, active, setActive, pick })}
      />
      <span id={hintId} className="ui-field__hint" aria-live="polite">{props.hint}</span>
      <ul id={listId} role="listbox" aria-label={`${label} matches`} className="ui-combobox__list" hidden={!expanded}>
        {options.map((option, index) => (
          <li
            key={props.optionKey(option)}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="ui-combobox__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
          >
            {props.renderOption(option)}
          </li>
        ))}
      </ul>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}
