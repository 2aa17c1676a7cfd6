import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { SPECIALTIES } from "../../../../../sync/constants.ts";
import { Select, TextField } from "../../../ui/index.ts";
import { STATE_OPTIONS, useSession } from "../../auth/index.ts";
import { DoctorList } from "../components/DoctorList.tsx";
import { DOCTORS_PAGE_SIZE, useDoctors } from "../hooks/use-doctors.ts";
import { type DoctorFilterInput, filterFromParams, filterToParams } from "../lib/doctor-filter.ts";

const SEARCH_DELAY_MS = 300;
const SPECIALTY_OPTIONS = SPECIALTIES.map((s) => ({ value: s, label: s }));
const ORDER_OPTIONS = [{ value: "rating", label: "Rating" }, { value: "name", label: "Name" }];

/** `/doctors` (public): listed doctors, best rated first, filtered by state, specialty and name. */
export function DoctorsPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params, DOCTORS_PAGE_SIZE);
  const [searchInput, setSearchInput] = useState(filter.search);
  const doctors = useDoctors(filter);
  const { user } = useSession();
  const patientState = user?.role === "patient" ? user.state ?? null : null;

  // From the address as it is when applied, so a search typed just before a filter change keeps both.
  const apply = (patch: Partial<DoctorFilterInput>) =>
    setParams(
      (current) => filterToParams({ ...filterFromParams(current, DOCTORS_PAGE_SIZE), offset: 0, ...patch }, DOCTORS_PAGE_SIZE),
      { replace: !("offset" in patch) },
    );

  useEffect(() => {
    const timer = setTimeout(() => {
      if (searchInput.trim() !== filter.search.trim()) apply({ search: searchInput });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const filtered = Boolean(filter.state || filter.specialty || filter.search.trim());
  return (
    <div className="stack">
      <title>Find a doctor · DPC Telehealth</title>
      <h1>Find a doctor</h1>
      <p className="muted">
        US-licensed doctors in family practice, internal medicine and med/peds. Choose one licensed in your state.
      </p>
      <form
        role="search"
        aria-label="Filter doctors"
        className="doctor-filters"
        onSubmit={(event) => {
          event.preventDefault();
          apply({ search: searchInput });
        }}
      >
        <TextField
          className="doctor-filters__name"
          label="Name"
          type="search"
          value={searchInput}
          onChange={setSearchInput}
          autoComplete="off"
        />
        <Select label="Licensed in" placeholder="Any state" options={STATE_OPTIONS} value={filter.state} onChange={(state) => apply({ state })} />
        <Select
          label="Specialty"
          placeholder="Any specialty"
          options={SPECIALTY_OPTIONS}
          value={filter.specialty}
          onChange={(specialty) => apply({ specialty })}
        />
        <Select
          label="Order by"
          options={ORDER_OPTIONS}
          value={filter.order}
          onChange={(order) => apply({ order: order === "name" ? "name" : "rating" })}
        />
      </form>
      <DoctorList
        doctors={doctors.list}
        totalCount={doctors.totalCount}
        offset={filter.offset}
        pageSize={DOCTORS_PAGE_SIZE}
        loading={doctors.loading}
        error={doctors.error}
        filtered={filtered}
        patientState={patientState}
        onRetry={doctors.reload}
        onClear={() => {
          setSearchInput("");
          setParams(new URLSearchParams(), { replace: true });
        }}
        onPage={(offset) => {
          apply({ offset });
          globalThis.scrollTo?.({ top: 0 });
        }}
      />
    </div>
  );
}
