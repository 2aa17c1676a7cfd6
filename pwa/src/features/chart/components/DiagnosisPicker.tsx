import { useEffect, useState } from "react";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/index.ts";
import { type Icd10Entry, searchIcd10 } from "../../../../../sync/data/icd10.ts";
import { useConnection } from "../../sync/index.ts";
import { ComboboxField } from "../../../ui/index.ts";
import { firstMatches, moreMatchesText } from "../../../ui/MoreMatches.tsx";

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

  return (
    <ComboboxField
      id={id}
      label={label}
      error={error}
      input={input}
      onInput={(next) => {
        setInput(next);
        if (value) onChange(null);
      }}
      open={open}
      setOpen={setOpen}
      options={options}
      active={active}
      setActive={setActive}
      ready={status === "done"}
      pick={pick}
      optionKey={(option) => option.code}
      renderOption={(option) => <><strong>{option.code}</strong> {option.description}</>}
      hint={value
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
    />
  );
}
