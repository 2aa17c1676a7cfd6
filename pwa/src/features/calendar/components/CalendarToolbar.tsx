import { Button } from "../../../ui/index.ts";
import { CALENDAR_VIEWS, type CalendarView, VIEW_LABELS } from "../lib/calendar-view.ts";

export type CalendarToolbarProps = {
  view: CalendarView;
  title: string;
  onView: (view: CalendarView) => void;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
};

/** The period shown, moving back and forth, and the view (a radio group: arrows switch views). */
export function CalendarToolbar({ view, title, onView, onPrevious, onNext, onToday }: CalendarToolbarProps) {
  const unit = view === "month" ? "month" : view === "week" ? "week" : "three days";
  return (
    <div className="calendar-toolbar">
      <div className="row calendar-toolbar__period">
        <Button variant="secondary" onClick={onPrevious} aria-label={`Previous ${unit}`}>
          <span aria-hidden="true">‹</span>
        </Button>
        <h2 className="calendar-toolbar__title" aria-live="polite">{title}</h2>
        <Button variant="secondary" onClick={onNext} aria-label={`Next ${unit}`}>
          <span aria-hidden="true">›</span>
        </Button>
        <Button variant="text" onClick={onToday}>Today</Button>
      </div>
      <fieldset className="calendar-toolbar__views">
        <legend className="visually-hidden">View</legend>
        <div className="ui-segmented">
          {CALENDAR_VIEWS.map((v) => (
            <label key={v}>
              <input type="radio" name="calendar-view" value={v} checked={view === v} onChange={() => onView(v)} />
              {VIEW_LABELS[v]}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
