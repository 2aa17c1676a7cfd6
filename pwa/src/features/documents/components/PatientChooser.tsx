import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../../lib/api/index.ts";
import { MoreMatches, Select, TextField } from "../../../ui/index.ts";
import { documentKeys } from "../api.ts";
import { useDocumentsApi } from "../hooks/use-documents.ts";

/**
 * One of the practice's patients, found by name or email (`POST /users/list/document/action`, 20 matches at a
 * time): when more match than are listed it says so, so a patient beyond the first 20 is found by typing
 * more of the name instead of silently missing. A new search clears the choice.
 */
export function PatientChooser({ value, onChange }: { value: string; onChange: (patientId: string) => void }) {
  const docs = useDocumentsApi();
  const [search, setSearch] = useState("");
  const term = search.trim();
  const patients = useQuery({ queryKey: documentKeys.users(term), queryFn: () => docs.patients(term), placeholderData: keepPreviousData });
  const list = patients.data?.list ?? [];
  const total = patients.data?.totalCount ?? 0;
  const options = list.map((p) => ({ value: p.id, label: `${p.name} (${p.email})` }));

  return (
    <>
      <TextField label="Find a patient" value={search} type="search" maxLength={100} hint="Name or email"
        onChange={(next) => {
          setSearch(next);
          if (value) onChange("");
        }}
        error={patients.isError ? errorMessage(patients.error) : undefined} />
      <Select
        label="Patient"
        value={value}
        placeholder={patients.isPending ? "Loading patients…" : options.length ? "Choose a patient" : "No patients found"}
        options={options}
        onChange={onChange}
      />
      <MoreMatches shown={list.length} total={total} noun="patients" term={term} advice="type more of the name to find the others." />
    </>
  );
}
