import { Select, TextField } from "../../../ui/index.ts";
import type { ColumnSpec } from "../medical-card-form.ts";
import { AllergenField } from "./AllergenField.tsx";

type Props = {
  column: ColumnSpec;
  id: string;
  values: Record<string, string>;
  /** Changes one or more fields of the record at once (picking an allergen sets its name and type). */
  set: (patch: Record<string, string>) => void;
  error?: string;
};

/** One field of a medical card record, as the card's form and the chart's record dialog both draw it. */
export function ColumnField({ column, id, values, set, error }: Props) {
  const common = {
    id,
    label: column.label,
    required: column.required,
    value: values[column.key] ?? "",
    onChange: (value: string) => set({ [column.key]: value }),
    error,
    hint: column.hint,
  };
  if (column.search === "allergen") {
    return (
      <AllergenField
        {...common}
        type={values.type ?? ""}
        onPick={(allergen) => set({ [column.key]: allergen.name, type: allergen.type })}
      />
    );
  }
  return column.options
    ? <Select {...common} placeholder="Choose…" options={column.options} />
    : <TextField {...common} autoComplete="off" />;
}
