import type { ReactNode } from "react";
import { Link } from "react-router";
import { zonedDate } from "../../../../../sync/rules/zoned-time.ts";
import type { ConsultationTab } from "../../../../../sync/schemas/consultation.ts";
import { EmptyState, LoadError, Pager, Spinner, useOffsetInRange } from "../../../ui/index.ts";
import { type ConsultationView, counterpart, TYPE_LABELS, upcomingNotice, type Viewer } from "../lib/consultation-view.ts";
import { formatShortDay, formatTime } from "../lib/time-format.ts";
import { StatusBadge } from "./StatusBadge.tsx";

export type ConsultationListProps = {
  tab: ConsultationTab;
  items: readonly ConsultationView[];
  totalCount: number;
  offset: number;
  pageSize: number;
  viewer: Viewer;
  now: Date;
  timeZone: string;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onPage: (offset: number) => void;
  /** The buttons of one consultation (accept, cancel…). */
  renderActions?: (c: ConsultationView) => ReactNode;
  /** Shown when the list is empty (e.g. a link to find a doctor). */
  emptyAction?: ReactNode;
};

const EMPTY_TEXT: Record<ConsultationTab, string> = {
  all: "No consultations yet",
  requests: "No requests waiting",
  upcoming: "No upcoming consultations",
  past: "No past consultations",
};

/** One tab of consultations: when (in the viewer's timezone), with whom, kind, status, reason, the 15-minute notice. */
export function ConsultationList(props: ConsultationListProps) {
  const { items, totalCount, offset, pageSize, loading, error, now, timeZone, viewer } = props;
  // Accepted, declined or canceled, a consultation can leave this tab and empty its last page: back to the last that has any.
  useOffsetInRange(offset, pageSize, loading || error ? undefined : totalCount, props.onPage);
  return (
    <div className="stack" aria-busy={loading}>
      {loading && items.length === 0 && !error && (
        // As high as the empty tab it most often turns into: what follows on the page does not jump.
        <div className="consultation-list__loading"><Spinner size={40} label="Loading consultations" /></div>
      )}
      {error && <LoadError error={error} onRetry={props.onRetry} />}
      {!loading && !error && items.length === 0 && <EmptyState title={EMPTY_TEXT[props.tab]} action={props.emptyAction} />}
      {items.length > 0 && (
        <ul className="consultation-list">
          {items.map((c) => {
            const notice = upcomingNotice(c, now);
            const start = new Date(c.startAt);
            const today = zonedDate(now, timeZone) === zonedDate(start, timeZone);
            return (
              <li key={c.id} className="consultation-item">
                <div className="consultation-item__when">
                  <span>{today ? "Today" : formatShortDay(zonedDate(start, timeZone))}</span>
                  <strong>{formatTime(c.startAt, timeZone)}</strong>
                </div>
                <div className="consultation-item__body">
                  <h3 className="consultation-item__title">
                    <Link to={`/consultation/${c.id}`}>{counterpart(viewer, c)}</Link>
                  </h3>
                  <p className="row consultation-item__meta">
                    <span>{TYPE_LABELS[c.type]}</span>
                    <StatusBadge status={c.status} />
                  </p>
                  <p className="consultation-item__reason">{c.reason}</p>
                  {c.declineReason && <p className="muted">Declined: {c.declineReason}</p>}
                  {c.cancelReason && <p className="muted">Canceled: {c.cancelReason}</p>}
                  {notice && (
                    <p className="notice notice--success consultation-item__notice" role="status">
                      {notice.started ? "Under way now" : `Starts in ${notice.minutes} min`}
                    </p>
                  )}
                </div>
                {props.renderActions?.(c)}
              </li>
            );
          })}
        </ul>
      )}
      <Pager offset={offset} limit={pageSize} total={totalCount} busy={loading} onChange={props.onPage} label="Consultations pages" />
    </div>
  );
}
