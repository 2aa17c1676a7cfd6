import type { CalendarStatistic } from "../../../../../sync/schemas/calendar.ts";

/** The month in numbers (`GET /calendar?type=statistic`). */
export function CalendarStats({ statistic, monthLabel }: { statistic: CalendarStatistic; monthLabel: string }) {
  const c = statistic.counts;
  const items: [string, number | null][] = [
    ["Consultations", c.total],
    ["Upcoming", statistic.upcoming],
    ["Requests", c.requested],
    ["Finished", c.finished],
    ["Canceled or declined", c.canceled + c.declined],
    ["Free slots left", statistic.freeSlots],
  ];
  return (
    <section aria-labelledby="calendar-stats-title" className="calendar-stats">
      <h2 id="calendar-stats-title" className="calendar-stats__title">{monthLabel} in numbers</h2>
      <dl className="calendar-stats__list">
        {items.map(([label, value]) => (
          <div key={label} className="calendar-stats__item">
            <dt>{label}</dt>
            <dd>{value ?? "—"}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
