import type { Interval } from "../../../../../sync/schemas/availability.ts";
import { FieldMessage } from "../../../ui/FieldMessage.tsx";
import { Button } from "../../../ui/index.ts";

export type HoursListProps = {
  /** The day's name for labels ("Monday", "25 December"). */
  label: string;
  intervals: readonly Interval[];
  /** The request path of this list (`weekly.monday`, `overrides.0.intervals`). */
  path: string;
  errors: Record<string, string>;
  fieldId: (path: string) => string;
  readOnly: boolean;
  onChange: (intervals: Interval[]) => void;
};

/** One day's periods: start and end times, add and remove; errors beside the time they concern. */
export function HoursList({ label, intervals, path, errors, fieldId, readOnly, onChange }: HoursListProps) {
  const update = (index: number, patch: Partial<Interval>) => onChange(intervals.map((i, n) => (n === index ? { ...i, ...patch } : i)));
  const add = () => {
    const last = intervals.at(-1);
    const start = last ? last.end : "09:00";
    const hour = Math.min(23, Number(start.slice(0, 2)) + 1);
    onChange([...intervals, { start, end: `${String(hour).padStart(2, "0")}:${start.slice(3) || "00"}` }]);
  };
  return (
    <div className="hours-list">
      {intervals.length === 0 && <p className="muted hours-list__closed">Closed</p>}
      {intervals.map((interval, index) => {
        const base = `${path}.${index}`;
        const startError = errors[`${base}.start`];
        const endError = errors[`${base}.end`] ?? errors[base];
        return (
          <div key={index} className="hours-row">
            <label className="visually-hidden" htmlFor={fieldId(`${base}.start`)}>{label}, period {index + 1}, from</label>
            <input
              id={fieldId(`${base}.start`)}
              className="ui-input hours-row__time"
              type="time"
              step={300}
              value={interval.start}
              readOnly={readOnly}
              aria-invalid={startError ? true : undefined}
              aria-describedby={startError ? `${fieldId(`${base}.start`)}-error` : undefined}
              onChange={(event) => update(index, { start: event.target.value })}
            />
            <span aria-hidden="true">–</span>
            <label className="visually-hidden" htmlFor={fieldId(`${base}.end`)}>{label}, period {index + 1}, until</label>
            <input
              id={fieldId(`${base}.end`)}
              className="ui-input hours-row__time"
              type="time"
              step={300}
              value={interval.end}
              readOnly={readOnly}
              aria-invalid={endError ? true : undefined}
              aria-describedby={endError ? `${fieldId(`${base}.end`)}-error` : undefined}
              onChange={(event) => update(index, { end: event.target.value })}
            />
            {!readOnly && (
              <Button variant="text" onClick={() => onChange(intervals.filter((_, n) => n !== index))} aria-label={`Remove ${label}, period ${index + 1}`}>
                Remove
              </Button>
            )}
            <div className="hours-row__errors">
              <FieldMessage id={`${fieldId(`${base}.start`)}-error`} error={startError} />
              <FieldMessage id={`${fieldId(`${base}.end`)}-error`} error={endError} />
            </div>
          </div>
        );
      })}
      <FieldMessage id={`${fieldId(path)}-error`} error={errors[path]} />
      {!readOnly && intervals.length < 12 && (
        <Button variant="text" onClick={add} aria-label={`Add hours on ${label}`}>+ Add hours</Button>
      )}
    </div>
  );
}
