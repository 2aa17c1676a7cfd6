import { Link } from "react-router";
import type { Consultation } from "../../../../../sync/schemas/consultation.ts";
import { STATUS_LABELS, TYPE_LABELS } from "../lib/consultation-view.ts";
import { formatDateTime, zoneAbbreviation } from "../lib/time-format.ts";

/** The end of booking: what was booked, and that the doctor still has to accept it. */
export function BookingSuccess({ consultation, timeZone }: { consultation: Consultation; timeZone: string }) {
  return (
    <section className="card stack booking-success" aria-labelledby="booking-success-title" tabIndex={-1} ref={(el) => el?.focus()}>
      <h2 id="booking-success-title">
        <span aria-hidden="true" className="booking-success__mark">✓</span> Consultation requested
      </h2>
      <dl className="detail-list">
        <dt>Doctor</dt>
        <dd>Dr. {consultation.doctor.firstName} {consultation.doctor.lastName}</dd>
        <dt>When</dt>
        <dd>{formatDateTime(consultation.startAt, timeZone)} {zoneAbbreviation(timeZone, new Date(consultation.startAt))}</dd>
        <dt>Kind</dt>
        <dd>{TYPE_LABELS[consultation.type]}</dd>
        <dt>Status</dt>
        <dd>{STATUS_LABELS[consultation.status]}</dd>
      </dl>
      <p>
        Dr. {consultation.doctor.lastName} will accept the request or suggest another time. You will see it under
        Upcoming once accepted, and you can join 15 minutes before it starts.
      </p>
      <div className="row">
        <Link className="ui-button ui-button--primary" to="/home?tab=requests">See my consultations</Link>
        <Link className="ui-button ui-button--secondary" to={`/consultation/${consultation.id}`}>Open this consultation</Link>
      </div>
    </section>
  );
}
