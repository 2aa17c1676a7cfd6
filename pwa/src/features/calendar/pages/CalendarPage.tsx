import { Link, useParams, useSearchParams } from "react-router";
import { zonedDate } from "../../../../../sync/rules/zoned-time.ts";
import { LoadError, Spinner } from "../../../ui/index.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { deviceTimeZone, formatMonth, formatShortDay, OfflineNote, useNow, zoneCity } from "../../consultations/index.ts";
import { CalendarStats } from "../components/CalendarStats.tsx";
import { CalendarToolbar } from "../components/CalendarToolbar.tsx";
import { DayAgenda } from "../components/DayAgenda.tsx";
import { MonthGrid } from "../components/MonthGrid.tsx";
import { useCalendar } from "../hooks/use-calendar.ts";
import { type CalendarView, isCalendarView, isDate, shiftDate } from "../lib/calendar-view.ts";

/**
 * `/calendar/{doctorId}`: the doctor's consultations by month, week or three
 * days with the month's statistic, in the viewer's timezone. The view and the
 * date live in the address (`?view=week&date=2026-03-09`). Offline it reads the
 * device's copy.
 */
export function CalendarPage() {
  const { doctorId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const now = useNow(60_000);
  const timeZone = deviceTimeZone();
  const today = zonedDate(now, timeZone);
  const viewParam = params.get("view");
  const dateParam = params.get("date");
  const view: CalendarView = isCalendarView(viewParam) ? viewParam : "month";
  const date = isDate(dateParam) ? dateParam : today;
  const calendar = useCalendar({ doctorId, view, date, timeZone, now });
  const practice = user.id === doctorId || (user.role === "vma" && user.doctor?.id === doctorId) || user.role === "admin";

  const go = (patch: { view?: CalendarView; date?: string }) => {
    const next = new URLSearchParams(params);
    next.set("view", patch.view ?? view);
    next.set("date", patch.date ?? date);
    setParams(next, { replace: true });
  };
  const days = calendar.days?.days ?? [];
  const title = view === "month"
    ? formatMonth(date)
    : days.length
    ? `${formatShortDay(days[0].date)} – ${formatShortDay(days.at(-1)!.date)}`
    : formatShortDay(date);
  const selectedDay = days.find((d) => d.date === date) ?? null;
  const whose = user.id === doctorId ? "Your calendar" : "Calendar";

  return (
    <div className="stack calendar-page">
      <title>{`${whose} · DPC Telehealth`}</title>
      <div className="row calendar-page__head">
        <h1>{whose}</h1>
        {practice && <Link to="/availability">Edit availability</Link>}
      </div>
      <p className="muted">Times in {zoneCity(timeZone)} time.</p>
      {calendar.offline && <OfflineNote />}
      <CalendarToolbar
        view={view}
        title={title}
        onView={(v) => go({ view: v })}
        onPrevious={() => go({ date: shiftDate(view, date, -1) })}
        onNext={() => go({ date: shiftDate(view, date, 1) })}
        onToday={() => go({ date: today })}
      />
      {calendar.statistic && <CalendarStats statistic={calendar.statistic} monthLabel={formatMonth(date)} />}
      {calendar.loading && !calendar.days && <Spinner size={40} label="Loading the calendar" />}
      {calendar.error && <LoadError error={calendar.error} onRetry={calendar.reload} />}
      {calendar.days && view === "month" && (
        <div className="calendar-month">
          <MonthGrid
            days={days}
            selected={date}
            today={today}
            onSelect={(d) => go({ date: d })}
            onLeaveMonth={(d) => go({ date: d })}
          />
          {selectedDay && <DayAgenda day={selectedDay} timeZone={timeZone} isToday={selectedDay.date === today} level={2} showPatient={practice} />}
        </div>
      )}
      {calendar.days && view !== "month" && (
        <div className={`calendar-columns calendar-columns--${view}`}>
          {days.map((day) => (
            <DayAgenda
              key={day.date}
              day={day}
              timeZone={timeZone}
              isToday={day.date === today}
              showPatient={practice}
              compact={view === "week"}
            />
          ))}
        </div>
      )}
    </div>
  );
}
