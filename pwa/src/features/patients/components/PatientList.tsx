import type { FormEvent } from "react";
import { Link } from "react-router";
import { EmptyState, LoadError, Pager, resultLine, Spinner, TextField } from "../../../ui/index.ts";
import { formatBirthDate, type PatientOption, patientName } from "../patient-display.ts";

export type PatientListProps = {
  /** What is typed in the search box. */
  searchInput: string;
  onSearchInput: (value: string) => void;
  /** Apply the search now (Enter), without waiting for the typing pause. */
  onSearchSubmit: () => void;
  /** The search the list shows results for. */
  search: string;
  patients: readonly PatientOption[];
  totalCount: number;
  offset: number;
  pageSize: number;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onPage: (offset: number) => void;
  /** Where a patient's workspace is. */
  patientHref: (id: string) => string;
};

/** The practice's patients with search and pages; each opens the patient's workspace. */
export function PatientList(props: PatientListProps) {
  const { patients, totalCount, offset, pageSize, loading, error, search } = props;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    props.onSearchSubmit();
  };

  return (
    <div className="stack">
      <form role="search" aria-label="Find a patient" onSubmit={onSubmit} className="patient-search">
        <TextField label="Search by name or email" type="search" value={props.searchInput} onChange={props.onSearchInput} autoComplete="off" />
      </form>
      <section aria-labelledby="patient-list-title" aria-busy={loading} className="stack">
        <h2 id="patient-list-title" className="visually-hidden">Patients</h2>
        <p className="muted" aria-live="polite">
          {loading || totalCount === 0 ? "" : resultLine(offset, pageSize, totalCount, "patient", "patients")}
        </p>
        {loading && patients.length === 0 && !error && <Spinner size={40} label="Loading patients" />}
        {error && <LoadError error={error} onRetry={props.onRetry} />}
        {!loading && !error && patients.length === 0 && (
          <EmptyState title={search ? `No patients match “${search}”` : "No patients yet"}>
            {search ? "Check the spelling or search by first or last name, or email." : "Patients who join your practice appear here."}
          </EmptyState>
        )}
        {patients.length > 0 && (
          <ul className="patient-list">
            {patients.map((patient) => (
              <li key={patient.id}>
                <Link to={props.patientHref(patient.id)} state={{ patient }} className="patient-list__item">
                  <span className="patient-list__name">{patientName(patient)}</span>
                  <span className="muted">{formatBirthDate(patient.birthDate)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Pager offset={offset} limit={pageSize} total={totalCount} busy={loading} onChange={props.onPage} label="Patients pages"
          announce={false} />
      </section>
    </div>
  );
}
