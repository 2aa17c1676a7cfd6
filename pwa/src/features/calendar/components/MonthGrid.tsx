import { type KeyboardEvent, useEffect, useRef } from "react";
import { WEEKDAYS } from "../../../../../sync/rules/zoned-time.ts";
import type { CalendarDay } from "../../../../../sync/schemas/calendar.ts";
import { formatDay } from "../../consultations/index.ts";
import { monthWeeks, moveInGrid } from "../lib/calendar-view.ts";

export type MonthGridProps = {
  days: readonly CalendarDay[];
  selected: string;
  today: string;
  onSelect: (date: string) => void;
  /** A key moved past the month's edge: show the month of `date` with it chosen. */
  onLeaveMonth: (date: string) => void;
};

const SHORT = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

function describe(day: CalendarDay): string {
  const parts = [day.counts.total === 0 ? "no consultations" : `${day.counts.total} ${day.counts.total === 1 ? "consultation" : "consultations"}`];
  if (day.counts.requested) parts.push(`${day.counts.requested} requested`);
  if (day.freeSlots !== null) parts.push(`${day.freeSlots} free`);
  return parts.join(", ");
}

/**
 * A month as a date grid: one focusable day at a time (roving tabindex); arrows
 * move by day and week, Home/End to the week's ends, PageUp/PageDown by month,
 * Enter or Space (or a tap) shows the day's consultations.
 */
export function MonthGrid({ days, selected, today, onSelect, onLeaveMonth }: MonthGridProps) {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const weeks = monthWeeks(days.map((d) => d.date));
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusNext = useRef<string | null>(null);
  const focusDate = byDate.has(selected) ? selected : days[0]?.date;

  useEffect(() => {
    if (focusNext.current) {
      buttons.current.get(focusNext.current)?.focus();
      focusNext.current = null;
    }
  });

  const onKeyDown = (event: KeyboardEvent, date: string) => {
    const next = moveInGrid(date, event.key);
    if (!next) return;
    event.preventDefault();
    focusNext.current = next;
    if (byDate.has(next)) onSelect(next);
    else onLeaveMonth(next);
  };

  return (
    <table role="grid" className="month-grid" aria-label="Days of the month">
      <thead>
        <tr>
          {WEEKDAYS.map((d, i) => (
            <th key={d} scope="col" abbr={d}>
              <span aria-hidden="true">{SHORT[i]}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, w) => (
          <tr key={w}>
            {week.map((date, i) => {
              if (!date) return <td key={`blank-${i}`} className="month-grid__blank" />;
              const day = byDate.get(date)!;
              const isSelected = date === selected;
              return (
                <td key={date} role="gridcell" aria-selected={isSelected}>
                  <button
                    type="button"
                    ref={(el) => {
                      if (el) buttons.current.set(date, el);
                      else buttons.current.delete(date);
                    }}
                    className={[
                      "month-grid__day",
                      date === today ? "month-grid__day--today" : "",
                      isSelected ? "month-grid__day--selected" : "",
                    ].join(" ").trim()}
                    tabIndex={date === focusDate ? 0 : -1}
                    aria-current={date === today ? "date" : undefined}
                    aria-label={`${formatDay(date)}: ${describe(day)}`}
                    onClick={() => onSelect(date)}
                    onKeyDown={(event) => onKeyDown(event, date)}
                  >
                    <span className="month-grid__number">{Number(date.slice(8))}</span>
                    {day.counts.total > 0 && <span className="month-grid__count">{day.counts.total}</span>}
                    {day.freeSlots !== null && day.freeSlots > 0 && (
                      <span className="month-grid__free">{day.freeSlots} free</span>
                    )}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
