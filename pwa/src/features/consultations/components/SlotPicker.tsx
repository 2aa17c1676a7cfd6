import { useState } from "react";
import { Button, LoadError, Spinner } from "../../../ui/index.ts";
import type { SlotDay } from "../lib/slot-groups.ts";
import { formatDay, formatMonthDay, formatShortDay, formatTime, zoneAbbreviation, zoneCity } from "../lib/time-format.ts";

export type SlotPickerProps = {
  /** The window's days (first and last, `YYYY-MM-DD`), for its heading. */
  firstDay: string;
  lastDay: string;
  days: readonly SlotDay[];
  /** The viewer's timezone: the days and times are shown in it. */
  timeZone: string;
  /** The doctor's timezone, noted when it differs. */
  doctorTimeZone: string | null;
  selected: string;
  onSelect: (startAt: string) => void;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  canGoEarlier: boolean;
  onEarlier: () => void;
  onLater: () => void;
  /** The id of the first slot button, so a form error can focus it. */
  id?: string;
  invalid?: boolean;
  describedBy?: string;
};

/** Free times: a row of days with free times, then the chosen day's slots as toggle buttons (the chosen slot is pressed). */
export function SlotPicker(props: SlotPickerProps) {
  const { days, timeZone, doctorTimeZone, selected, loading, error } = props;
  const otherZone = doctorTimeZone && doctorTimeZone !== timeZone;
  const [day, setDay] = useState<string | null>(null);
  // The day chosen, else the day of the chosen slot, else the first day with free times.
  const shownDay = days.find((d) => d.date === day) ??
    days.find((d) => d.slots.some((slot) => slot.startAt === selected)) ?? days[0] ?? null;
  return (
    <div className="slot-picker stack" aria-busy={loading}>
      <p className="muted slot-picker__zone">
        Times are in your timezone, {zoneCity(timeZone)} ({zoneAbbreviation(timeZone)}).
        {otherZone && ` The doctor works in ${zoneCity(doctorTimeZone)} time (${zoneAbbreviation(doctorTimeZone)}).`}
      </p>
      <div className="row slot-picker__nav">
        <Button variant="secondary" onClick={props.onEarlier} disabled={!props.canGoEarlier || loading}>
          <span aria-hidden="true">‹</span> Earlier
        </Button>
        <span className="slot-picker__range" aria-live="polite">
          {formatMonthDay(props.firstDay)} – {formatMonthDay(props.lastDay)}
        </span>
        <Button variant="secondary" onClick={props.onLater} disabled={loading}>
          Later <span aria-hidden="true">›</span>
        </Button>
      </div>
      {loading && <Spinner size={32} label="Loading free times" />}
      {!loading && error && <LoadError error={error} onRetry={props.onRetry} />}
      {!loading && !error && days.length === 0 && (
        <p className="ui-panel">No free times in these days. Try later dates.</p>
      )}
      {!loading && !error && days.length > 0 && (
        <>
          <div className="slot-days" role="group" aria-label="Days with free times">
            {days.map((day) => (
              <button
                key={day.date}
                type="button"
                className="slot-days__day"
                aria-pressed={day.date === shownDay?.date}
                onClick={() => setDay(day.date)}
              >
                <span>{formatShortDay(day.date)}</span>
                <span className="slot-days__count">{day.slots.length} free</span>
              </button>
            ))}
          </div>
          {shownDay && (
            <section className="slot-day" aria-labelledby="slot-day-title">
              <h4 id="slot-day-title" className="slot-day__title">{formatDay(shownDay.date)}</h4>
              <ul className="slot-day__list">
                {shownDay.slots.map((slot, index) => (
                  <li key={slot.startAt}>
                    <button
                      type="button"
                      id={index === 0 ? props.id : undefined}
                      className="slot-button"
                      aria-pressed={slot.startAt === selected}
                      aria-invalid={props.invalid || undefined}
                      aria-describedby={props.describedBy}
                      aria-label={`${formatDay(shownDay.date)}, ${formatTime(slot.startAt, timeZone)}`}
                      onClick={() => props.onSelect(slot.startAt)}
                    >
                      {formatTime(slot.startAt, timeZone)}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
