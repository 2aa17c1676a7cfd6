import { useEffect, useState } from "react";
import { type Allergen, type AllergenType, searchAllergens } from "../../../../../sync/data/allergens.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { ComboboxField } from "../../../ui/index.ts";

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

  return (
    <ComboboxField
      id={id}
      label={label}
      required={required}
      error={error}
      input={value}
      onInput={onChange}
      open={open}
      setOpen={setOpen}
      options={options}
      active={active}
      setActive={setActive}
      pick={pick}
      optionKey={(option) => `${option.type}-${option.name}`}
      renderOption={(option) => <>{option.name} <span className="muted">({ALLERGEN_TYPE_LABELS[option.type].toLowerCase()})</span></>}
      hint={open && options.length > 0
        ? `${options.length} matching allergens: arrows to choose, or keep typing your own.`
        : "Type a drug, food or other allergen."}
    />
  );
}
