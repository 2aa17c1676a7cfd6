import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/index.ts";
import { type Icd10Entry, searchIcd10 } from "../../../../../sync/data/icd10.ts";
import { useConnection } from "../../sync/index.ts";
import { describedBy, FieldMessage } from "../../../ui/FieldMessage.tsx";
import { firstMatches, moreMatchesText } from "../../../ui/MoreMatches.tsx";
import { comboboxKeyDown } from "../../../ui/combobox-keys.ts";

/** An entry of the ICD-10 list: the server's matches (`GET /diagnoses/list/dropdown`) and the shipped list's alike. */
export type Icd10Option = Icd10Entry;

/** Typing pauses this long before the list is searched. */
const SEARCH_DELAY_MS = 250;
/** Matches listed per search; one more is asked for, to know whether more match. */
export const DIAGNOSIS_MATCHES = 20;

type Props = {
  id: string;
  label: string;
  value: Icd10Option | null;
  onChange: (value: Icd10Option | null) => void;
  error?: string;
};

const text = (o: Icd10Option) => `${o.code} ${o.description}`;

/**
 * A searchable ICD-10 picker (`GET /diagnoses/list/dropdown`), as an ARIA 1.2
 * combobox: type a code or words, arrows move through the matches, Enter picks,
 * Esc closes. Changing the text after a pick clears the pick.
 */
export function DiagnosisPicker({ id, label, value, onChange, error }: Props) {
  const api = useApi();
  const online = useConnection();
  const listId = useId();
  const [input, setInput] = useState(value ? text(value) : "");
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<Icd10Option[]>([]);
  const [more, setMore] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<"idle" | "loading" | "done" | "failed">("idle");
  const [failure, setFailure] = useState<string | null>(null);
  const query = value && input === text(value) ? null : input.trim();

  useEffect(() => {
    if (!open || query === null) return;
    const controller = new AbortController();
    setStatus("loading");
    const timer = setTimeout(() => {
      // Offline, the shipped list answers as the server would (the same search, sync/data/icd10.ts).
      const search = online
        ? api.GET("/diagnoses/list/dropdown", { signal: controller.signal, query: { search: query, limit: DIAGNOSIS_MATCHES + 1 } })
        : Promise.resolve(searchIcd10(query, DIAGNOSIS_MATCHES + 1));
      search
        .then((list) => {
          const { shown, more } = firstMatches(list, DIAGNOSIS_MATCHES);
          setOptions(shown);
          setMore(more);
          setActive(shown.length ? 0 : -1);
          setStatus("done");
        })
        .catch((e) => {
          if (controller.signal.aborted) return;
          setFailure(errorMessage(e));
          setStatus("failed");
        });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, open, query, online]);

  const pick = (option: Icd10Option) => {
    onChange(option);
    setInput(text(option));
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) =>
    comboboxKeyDown(event, { open, setOpen, options, active, setActive, pick });

  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  const expanded = open && status === "done" && options.length > 0;
  return (
    <div className="ui-field ui-combobox">
      <label className="ui-field__label" htmlFor={id}>{label}</label>
      <input
        id={id}
        className="ui-input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ hintId, errorId })}
        value={input}
        onChange={(event) => {
          setInput(event.target.value);
          setOpen(true);
          if (value) onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <span id={hintId} className="ui-field__hint" aria-live="polite">
        {value
          ? `Chosen: ${value.code}`
          : status === "loading"
          ? "Searching…"
          : status === "failed"
          ? failure
          : status === "done" && options.length === 0
          ? "No codes match. Try other words or the start of a code."
          : status === "done" && more
          ? moreMatchesText({ shown: options.length, more, noun: "codes", advice: "type more of a code or more words to narrow them." })
          : "Type a code (I10) or words (type 2 diabetes)."}
      </span>
      <ul id={listId} role="listbox" aria-label={`${label} matches`} className="ui-combobox__list" hidden={!expanded}>
        {options.map((option, index) => (
          <li
            key={option.code}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="ui-combobox__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
          >
            <strong>{option.code}</strong> {option.description}
          </li>
        ))}
      </ul>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}
