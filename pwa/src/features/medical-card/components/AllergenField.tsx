import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { type Allergen, type AllergenType, searchAllergens } from "../../../../../sync/data/allergens.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { describedBy, FieldMessage } from "../../../ui/FieldMessage.tsx";
import { comboboxKeyDown } from "../../../ui/combobox-keys.ts";

const SEARCH_DELAY_MS = 250;
const MATCHES = 8;
export const ALLERGEN_TYPE_LABELS: Record<AllergenType, string> = { drug: "Drug", food: "Food", environment: "Environment" };

type Props = {
  id: string;
  label: string;
  value: string;
  /** The chosen type narrows the search; picking a match sets it. */
  type: string;
  onChange: (name: string) => void;
  onPick: (allergen: Allergen) => void;
  error?: string;
  required?: boolean;
};

/**
 * The allergy's name: free text with matches from `GET /allergies {search, type}` (issue 32), an ARIA 1.2
 * combobox (arrows move, Enter picks, Esc closes). Without an answer (offline, or a patient without a doctor
 * yet) the shipped list answers as the server would (the same search, sync/data/allergens.ts).
 */
export function AllergenField({ id, label, value, type, onChange, onPick, error, required }: Props) {
  const api = useApi();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<Allergen[]>([]);
  const [active, setActive] = useState(-1);
  const query = value.trim();
  const kind = type === "drug" || type === "food" || type === "environment" ? type : undefined;

  useEffect(() => {
    if (!open || query.length < 2) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.GET("/allergies", { signal: controller.signal, query: { search: query, type: kind, limit: MATCHES } })
        .catch(() => searchAllergens({ search: query, type: kind, limit: MATCHES }))
        .then((list) => {
          if (controller.signal.aborted) return;
          // The exact name typed is no suggestion.
          const shown = list.filter((a) => a.name.toLowerCase() !== query.toLowerCase());
          setOptions(shown);
          setActive(shown.length ? 0 : -1);
        });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, open, query, kind]);

  const pick = (allergen: Allergen) => {
    onPick(allergen);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) =>
    comboboxKeyDown(event, { open, setOpen, options, active, setActive, pick });

  const hintId = `${id}-hint`;
  const expanded = open && options.length > 0;
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
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <span id={hintId} className="ui-field__hint" aria-live="polite">
        {expanded ? `${options.length} matching allergens: arrows to choose, or keep typing your own.` : "Type a drug, food or other allergen."}
      </span>
      <ul id={listId} role="listbox" aria-label={`${label} matches`} className="ui-combobox__list" hidden={!expanded}>
        {options.map((option, index) => (
          <li
            key={`${option.type}-${option.name}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="ui-combobox__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
          >
            {option.name} <span className="muted">({ALLERGEN_TYPE_LABELS[option.type].toLowerCase()})</span>
          </li>
        ))}
      </ul>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}
