import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";
import type { UsState } from "../../../../../sync/us-states.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, Dialog, MoreMatches, Spinner, TextField, useSnackbar } from "../../../ui/index.ts";
import { useAdminMutation } from "../api.ts";

type Props = { patient: AuthUser; onClose: () => void; onChosen: (updated: AuthUser) => void };

/**
 * Choose a doctor for a patient (`POST /doctors/choose/admin`): doctors licensed
 * in the patient's state, the first 20 by name, searchable, and how many there are
 * when more match; full panels (400) are shown but cannot be chosen; the server
 * checks both again.
 */
export function ChooseDoctorDialog({ patient, onClose, onChosen }: Props) {
  const api = useApi();
  const notify = useSnackbar();
  const [search, setSearch] = useState("");
  // A user's state is only ever stored as a US state code (`stateSchema` at sign-up and on the profile).
  const state = patient.state as UsState | null;
  const doctors = useQuery({
    queryKey: ["admin", "choose-doctor", patient.state, search],
    queryFn: ({ signal }) =>
      api.GET("/doctors", { query: { state: state ?? undefined, search: search.trim() || undefined, limit: 20, order: "name" }, signal }),
    enabled: !!patient.state,
  });
  const choose = useAdminMutation((doctorId: string) => api.POST("/doctors/choose/admin", { body: { doctorId, patientId: patient.id } }));
  const name = `${patient.firstName} ${patient.lastName}`;

  return (
    <Dialog open title={`Choose a doctor for ${name}`} onClose={onClose}>
      <div className="stack">
        {!patient.state
          ? <p>This patient has not given a state yet, so no doctor can be chosen (a doctor must be licensed there).</p>
          : (
            <>
              <p className="muted">Doctors licensed in {patient.state}.</p>
              <TextField label="Search doctors" type="search" value={search} onChange={setSearch} />
              {doctors.isPending && <Spinner size={32} label="Loading doctors" />}
              {doctors.error && <p className="form-error" role="alert">{errorMessage(doctors.error)}</p>}
              {doctors.data && doctors.data.list.length === 0 && <p>No doctor licensed in {patient.state} matches.</p>}
              <ul className="stack" style={{ listStyle: "none", padding: 0 }}>
                {doctors.data?.list.map((d) => (
                  <li key={d.id} className="row" style={{ justifyContent: "space-between" }}>
                    <span>
                      {d.firstName} {d.lastName}
                      <span className="muted"> · {d.specialty ?? "—"}{d.acceptsNewPatients ? "" : " · panel full (400)"}</span>
                    </span>
                    <Button
                      variant="secondary"
                      disabled={!d.acceptsNewPatients || patient.doctor?.id === d.id}
                      loading={choose.isPending && choose.variables === d.id}
                      onClick={() =>
                        choose.mutate(d.id, {
                          onSuccess: (updated) => {
                            notify(`${name}'s doctor is now ${d.firstName} ${d.lastName}`, "success");
                            onChosen(updated);
                          },
                          onError: (error) => notify(errorMessage(error), "error"),
                        })}
                      aria-label={`Choose ${d.firstName} ${d.lastName}`}
                    >
                      {patient.doctor?.id === d.id ? "Current" : "Choose"}
                    </Button>
                  </li>
                ))}
              </ul>
              {doctors.data && (
                <MoreMatches shown={doctors.data.list.length} total={doctors.data.totalCount} noun="doctors" term={search}
                  advice="search by name to find the others." />
              )}
            </>
          )}
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button variant="secondary" onClick={onClose}>Close</Button>
        </div>
      </div>
    </Dialog>
  );
}
