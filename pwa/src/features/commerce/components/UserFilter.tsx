import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";
import { formatBirthDate, patientName } from "../../patients/index.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, Select, TextField } from "../../../ui/index.ts";

export type ChosenUser = { id: string; name: string };
type Match = ChosenUser & { label: string };

const fullName = (u: AuthUser) => [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email;

/**
 * A filter by one doctor or one patient: type part of a name (or an admin, an email), choose among the first
 * matches; the chosen person is shown with "Clear". An admin searches everyone of the role
 * (`GET /users/role/{role}?search=`); a doctor or VMA their practice's patients (`GET /doctorPatients/list/dropdown?search=`).
 */
export function UserFilter({ role, label, value, onChange, scope = "all" }: {
  role: "doctor" | "patient";
  label: string;
  value: ChosenUser | null;
  onChange: (user: ChosenUser | null) => void;
  /** "practice": the signed-in doctor's or VMA's patients. */
  scope?: "all" | "practice";
}) {
  const api = useApi();
  const [search, setSearch] = useState("");
  const term = search.trim();
  const matches = useQuery({
    queryKey: ["commerce", "user-filter", scope, role, term],
    queryFn: async ({ signal }): Promise<{ list: Match[]; totalCount: number }> => {
      const query = { search: term, limit: 10, offset: 0 };
      if (scope === "practice") {
        const found = await api.GET("/doctorPatients/list/dropdown", { query, signal });
        return {
          list: found.list.map((p) => ({ id: p.id, name: patientName(p), label: `${patientName(p)} (${formatBirthDate(p.birthDate)})` })),
          totalCount: found.totalCount,
        };
      }
      const found = await api.GET("/users/role/{role}", { path: { role }, query, signal });
      return { list: found.list.map((u) => ({ id: u.id, name: fullName(u), label: `${fullName(u)} (${u.email})` })), totalCount: found.totalCount };
    },
    enabled: !value && term.length >= 2,
  });

  if (value) {
    return (
      <div className="ui-field">
        <span className="ui-field__label">{label}</span>
        <span className="row" style={{ alignItems: "center" }}>
          <span data-testid={`filter-${role}`}>{value.name}</span>
          <Button variant="text" aria-label={`Clear the ${label.toLowerCase()} filter`} onClick={() => { onChange(null); setSearch(""); }}>
            Clear
          </Button>
        </span>
      </div>
    );
  }
  const list = matches.data?.list ?? [];
  return (
    <div className="row" style={{ alignItems: "flex-end", gap: 8 }}>
      <TextField label={`Find a ${label.toLowerCase()}`} type="search" value={search} onChange={setSearch} maxLength={100}
        hint={scope === "practice" ? "Name, 2 letters or more" : "Name or email, 2 letters or more"} error={matches.isError ? errorMessage(matches.error) : undefined} />
      {term.length >= 2 && matches.data && (
        list.length === 0
          ? <p role="status" className="muted">No {label.toLowerCase()} matches.</p>
          : (
            <Select label={label} value="" placeholder={`Choose (${list.length}${matches.data.totalCount > list.length ? ` of ${matches.data.totalCount}` : ""})`}
              options={list.map((u) => ({ value: u.id, label: u.label }))}
              onChange={(id) => {
                const u = list.find((x) => x.id === id);
                if (u) onChange({ id: u.id, name: u.name });
              }} />
          )
      )}
    </div>
  );
}
