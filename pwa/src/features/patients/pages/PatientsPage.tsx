import { useEffect, useState } from "react";
import { PatientList } from "../components/PatientList.tsx";
import { PATIENTS_PAGE_SIZE, usePracticePatients } from "../hooks/use-practice-patients.ts";

/** Typing pauses this long before the list is searched. */
const SEARCH_DELAY_MS = 300;

/** `/doctor/patients` and `/vma/patients`: the practice's patients; `basePath` is the page's own path. */
export function PatientsPage({ basePath }: { basePath: string }) {
  const [searchInput, setSearchInput] = useState("");
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const patients = usePracticePatients({ search, offset });

  useEffect(() => {
    const timer = setTimeout(() => apply(searchInput), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  function apply(value: string) {
    if (value.trim() === search.trim()) return;
    setSearch(value);
    setOffset(0);
  }

  return (
    <div className="stack">
      <title>Patients · DPC Telehealth</title>
      <h1>Patients</h1>
      <PatientList
        searchInput={searchInput}
        onSearchInput={setSearchInput}
        onSearchSubmit={() => apply(searchInput)}
        search={search.trim()}
        patients={patients.list}
        totalCount={patients.totalCount}
        offset={offset}
        pageSize={PATIENTS_PAGE_SIZE}
        loading={patients.loading}
        error={null}
        onRetry={() => {}}
        onPage={setOffset}
        patientHref={(id) => `${basePath}/${id}`}
      />
    </div>
  );
}
