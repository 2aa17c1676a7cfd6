import { Link } from "react-router";
import type { CalendarDay } from "../../../../../sync/schemas/calendar.ts";
import { formatDay, formatShortDay, formatTime, StatusBadge, TYPE_LABELS } from "../../consultations/index.ts";

export type DayAgendaProps = {
  day: CalendarDay;
  timeZone: string;
  isToday: boolean;
  /** Heading level inside the page (a week's days are h3, the month's chosen day h2). */
  level?: 2 | 3;
  /** Patient names are hidden from whoever is not the doctor's practice (e.g. a patient). */
  showPatient: boolean;
  /** A narrow column (the week): the short date. */
  compact?: boolean;
};

/** One day's consultations in time order, each opening `/consultation/{id}`, and the free slots left. */
export function DayAgenda({ day, timeZone, isToday, level = 3, showPatient, compact = false }: DayAgendaProps) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section className={isToday ? "day-agenda day-agenda--today" : "day-agenda"} aria-labelledby={`agenda-${day.date}`}>
      <Heading id={`agenda-${day.date}`} className="day-agenda__title">
        {compact ? formatShortDay(day.date) : formatDay(day.date)}
        {isToday && <span className="day-agenda__today"> · Today</span>}
      </Heading>
      <p className="muted day-agenda__summary">
        <span>{day.counts.total === 0 ? "No consultations" : `${day.counts.total} ${day.counts.total === 1 ? "consultation" : "consultations"}`}</span>
        {day.freeSlots !== null && <span>{day.freeSlots} free</span>}
      </p>
      {day.consultations.length > 0 && (
        <ul className="day-agenda__list">
          {day.consultations.map((c) => (
            <li key={c.id} className={`agenda-item agenda-item--${c.status}`}>
              <Link to={`/consultation/${c.id}`} className="agenda-item__link">
                <strong>{formatTime(c.startAt, timeZone)}</strong>
                <span className="agenda-item__who">{showPatient ? c.patientName : `Dr. ${c.doctorName}`}</span>
                <span className="agenda-item__meta">
                  {TYPE_LABELS[c.type]} <StatusBadge status={c.status} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
