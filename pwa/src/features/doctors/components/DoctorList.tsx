import { Link } from "react-router";
import type { DoctorCard } from "../../../../../sync/schemas/doctor.ts";
import { Button, EmptyState, LoadError, Pager, resultLine, Spinner } from "../../../ui/index.ts";
import { ratingText } from "../lib/doctor-filter.ts";

export type DoctorListProps = {
  doctors: readonly DoctorCard[];
  totalCount: number;
  offset: number;
  pageSize: number;
  loading: boolean;
  error: string | null;
  /** Some filter is set (the empty state then offers to clear it). */
  filtered: boolean;
  /** The signed-in patient's state, to say which doctors are licensed there. */
  patientState: string | null;
  onRetry: () => void;
  onClear: () => void;
  onPage: (offset: number) => void;
};

/** Doctors as cards, with the list's loading, error, empty and paging states. */
export function DoctorList(props: DoctorListProps) {
  const { doctors, totalCount, offset, pageSize, loading, error } = props;
  return (
    <section aria-labelledby="doctor-results-title" aria-busy={loading} className="stack">
      <h2 id="doctor-results-title" className="visually-hidden">Doctors</h2>
      <p className="muted" aria-live="polite">
        {loading ? "Looking for doctors…" : error ? "" : resultLine(offset, pageSize, totalCount, "doctor", "doctors")}
      </p>
      {loading && doctors.length === 0 && !error && <Spinner size={40} label="Loading doctors" />}
      {error && <LoadError error={error} onRetry={props.onRetry} />}
      {!loading && !error && doctors.length === 0 && (
        <EmptyState
          title={props.filtered ? "No doctors match these filters" : "No doctors are listed yet"}
          action={props.filtered ? <Button variant="secondary" onClick={props.onClear}>Clear filters</Button> : undefined}
        >
          {props.filtered ? "Try another state or specialty, or search by another name." : "Please check back soon."}
        </EmptyState>
      )}
      {doctors.length > 0 && (
        <ul className="doctor-grid">
          {doctors.map((doctor) => (
            <li key={doctor.id}>
              <DoctorCardView doctor={doctor} patientState={props.patientState} />
            </li>
          ))}
        </ul>
      )}
      <Pager offset={offset} limit={pageSize} total={totalCount} busy={loading} onChange={props.onPage} label="Doctors pages"
        announce={false} />
    </section>
  );
}

function DoctorCardView({ doctor, patientState }: { doctor: DoctorCard; patientState: string | null }) {
  const name = `Dr. ${doctor.firstName} ${doctor.lastName}`;
  const inMyState = patientState !== null && doctor.licensedStates.includes(patientState);
  return (
    <article className="doctor-card" aria-labelledby={`doctor-${doctor.id}`}>
      <h3 id={`doctor-${doctor.id}`} className="doctor-card__name">
        <Link to={`/profile/${doctor.id}`}>{name}</Link>
      </h3>
      <p className="muted">{doctor.specialty ?? "Primary care"}</p>
      <p>
        <span aria-hidden="true" className="doctor-card__star">★</span> {ratingText(doctor.rating)}
      </p>
      <p className="doctor-card__states">
        Licensed in {doctor.licensedStates.length ? doctor.licensedStates.join(", ") : "no state yet"}
        {inMyState && <span className="doctor-badge doctor-badge--ok">Your state</span>}
        {patientState !== null && !inMyState && <span className="doctor-badge">Not licensed in your state</span>}
      </p>
      {!doctor.acceptsBookings && <p className="doctor-badge">Not taking bookings now</p>}
      {doctor.acceptsBookings && !doctor.acceptsNewPatients && <p className="doctor-badge">Practice full</p>}
    </article>
  );
}
