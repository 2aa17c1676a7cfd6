import type { FormEvent } from "react";
import { WEEKDAYS } from "../../../../../sync/rules/zoned-time.ts";
import { type Availability, availabilityInputSchema, SLOT_MINUTES } from "../../../../../sync/schemas/availability.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, Checkbox, Select, TextField } from "../../../ui/index.ts";
import { useOptionalSnackbar } from "../../../ui/Snackbar.tsx";
import { timezoneOptions } from "../../../lib/us-timezones.ts";
import { formatDay } from "../../consultations/index.ts";
import {
  type AvailabilityDraft,
  draftOf,
  sortDraft,
  toAvailabilityInput,
  WEEKDAY_LABELS,
  weeklyHours,
} from "../lib/availability-form.ts";
import { HoursList } from "./HoursList.tsx";

export type AvailabilityEditorProps = {
  availability: Availability;
  fallbackTimezone: string;
  readOnly: boolean;
  /** Sends the body of `PUT /availability`; answers what was saved. */
  onSave: (input: ReturnType<typeof toAvailabilityInput>) => Promise<Availability>;
};

const SLOT_OPTIONS = SLOT_MINUTES.map((m) => ({ value: String(m), label: `${m} minutes` }));

/** Weekly hours, slot length, timezone and date overrides; checked with the shared schema, the server's errors beside fields. */
export function AvailabilityEditor({ availability, fallbackTimezone, readOnly, onSave }: AvailabilityEditorProps) {
  const initial = () => ({ ...draftOf(availability, fallbackTimezone), newDate: "" });
  const form = useForm({
    schema: availabilityInputSchema,
    initial: initial(),
    idPrefix: "availability",
    toInput: (d) => toAvailabilityInput(d),
    // The failure is said above the buttons (an alert of its own), not also in a snackbar.
    announceFailure: false,
  });
  const { values: draft, errors, fieldId } = form;
  const notify = useOptionalSnackbar();
  const change = (update: (d: AvailabilityDraft) => AvailabilityDraft) => form.setValues((d) => ({ ...d, ...update(d) }));

  const save = form.handleSubmit(async () => {
    // Sent as drafted (the schema has just checked it); the server reads it with the same schema.
    const saved = await onSave(toAvailabilityInput(form.form.getValues()));
    form.setValues(() => ({ ...draftOf(saved, fallbackTimezone), newDate: "" }));
    notify?.("Availability saved", "success");
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The schema sorts a day's periods before it checks overlaps: sorted first, its error paths are the rows shown.
    change(sortDraft);
    return save();
  };
  const hoursRefused = Object.keys(errors).some((path) => path !== "newDate");
  const failure = form.formError ?? (hoursRefused ? "Please correct the highlighted hours" : null);

  const addOverride = () => {
    const newDate = draft.newDate;
    if (!newDate) {
      form.setErrors({ ...errors, newDate: "Choose a date" });
      return;
    }
    change((d) => ({ ...d, overrides: [...d.overrides, { date: newDate, closed: true, intervals: [] }] }));
    form.set("newDate", "");
  };

  return (
    <form className="stack availability-editor" aria-label="Availability" onSubmit={submit} noValidate>
      <div className="form-grid form-grid--two">
        <Select
          id={fieldId("timezone")}
          label="Timezone"
          options={timezoneOptions(draft.timezone)}
          value={draft.timezone}
          disabled={readOnly}
          onChange={(timezone) => change((d) => ({ ...d, timezone }))}
          error={errors.timezone}
          hint="Your hours are read in this timezone; patients see them in theirs."
        />
        <Select
          id={fieldId("slotMinutes")}
          label="Slot length"
          options={SLOT_OPTIONS}
          value={String(draft.slotMinutes)}
          disabled={readOnly}
          onChange={(value) => change((d) => ({ ...d, slotMinutes: Number(value) }))}
          error={errors.slotMinutes}
        />
      </div>
      <fieldset className="ui-fieldset stack">
        <legend>Weekly hours</legend>
        <p className="muted">{weeklyHours(draft)} hours a week.</p>
        <ul className="weekday-list">
          {WEEKDAYS.map((day) => (
            <li key={day} className="weekday-row">
              <span className="weekday-row__name" id={`weekday-${day}`}>{WEEKDAY_LABELS[day]}</span>
              <HoursList
                label={WEEKDAY_LABELS[day]}
                intervals={draft.weekly[day]}
                path={`weekly.${day}`}
                errors={errors}
                fieldId={fieldId}
                readOnly={readOnly}
                onChange={(intervals) => change((d) => ({ ...d, weekly: { ...d.weekly, [day]: intervals } }))}
              />
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="ui-fieldset stack">
        <legend>Dates with other hours</legend>
        <p className="muted">A holiday, or a day with special hours. These replace the weekly hours of that date.</p>
        {draft.overrides.length === 0 && <p>No dates yet.</p>}
        <ul className="weekday-list">
          {draft.overrides.map((o, index) => {
            const path = `overrides.${index}`;
            const label = o.date ? formatDay(o.date) : `Date ${index + 1}`;
            return (
              <li key={index} className="weekday-row override-row">
                <div className="stack override-row__head">
                  <TextField
                    id={fieldId(`${path}.date`)}
                    label="Date"
                    type="date"
                    value={o.date}
                    readOnly={readOnly}
                    onChange={(date) => change((d) => ({ ...d, overrides: d.overrides.map((x, n) => (n === index ? { ...x, date } : x)) }))}
                    error={errors[`${path}.date`]}
                  />
                  <Checkbox
                    label="Closed all day"
                    checked={o.closed}
                    disabled={readOnly}
                    onChange={(closed) =>
                      change((d) => ({
                        ...d,
                        overrides: d.overrides.map((x, n) =>
                          n === index ? { ...x, closed, intervals: !closed && x.intervals.length === 0 ? [{ start: "09:00", end: "12:00" }] : x.intervals } : x
                        ),
                      }))}
                  />
                </div>
                {!o.closed && (
                  <HoursList
                    label={label}
                    intervals={o.intervals}
                    path={`${path}.intervals`}
                    errors={errors}
                    fieldId={fieldId}
                    readOnly={readOnly}
                    onChange={(intervals) =>
                      change((d) => ({ ...d, overrides: d.overrides.map((x, n) => (n === index ? { ...x, intervals } : x)) }))}
                  />
                )}
                {!readOnly && (
                  <Button
                    variant="text"
                    onClick={() => change((d) => ({ ...d, overrides: d.overrides.filter((_, n) => n !== index) }))}
                    aria-label={`Remove ${label}`}
                  >
                    Remove date
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        {!readOnly && (
          <div className="row override-add">
            <TextField id={fieldId("newDate")} label="Add a date" type="date" value={draft.newDate} onChange={(v) => form.set("newDate", v)}
              error={errors.newDate} />
            <Button variant="secondary" onClick={addOverride}>Add date</Button>
          </div>
        )}
      </fieldset>
      {failure && <p className="form-error" role="alert">{failure}</p>}
      {!readOnly && (
        <div className="row">
          <Button type="submit" loading={form.submitting}>Save availability</Button>
          <Button variant="text" onClick={() => form.reset(initial())}>
            Undo changes
          </Button>
        </div>
      )}
    </form>
  );
}
