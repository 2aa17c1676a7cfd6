import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ListResult } from "../../../../../sync/envelope.ts";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, Select, TextField } from "../../../ui/index.ts";

export type ChosenUser = { id: string; name: string };

const fullName = (u: AuthUser) => [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email;

/**
 * An admin's filter by one doctor or one patient: type part of a name or email (`GET /users/role/{role}?search=`,
 * admin only), choose among the first matches; the chosen person is shown with "Clear".
 */
export function UserFilter({ role, label, value, onChange }: {
  role: "doctor" | "patient";
  label: string;
  value: ChosenUser | null;
  onChange: (user: ChosenUser | null) => void;
}) {
  const api = useApi();
  const [search, setSearch] = useState("");
  const term = search.trim();
  const matches = useQuery({
    queryKey: ["commerce", "user-filter", role, term],
    queryFn: ({ signal }) => api.get<ListResult<AuthUser>>(`/users/role/${role}`, { query: { search: term, limit: 10, offset: 0 }, signal }),
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
        hint="Name or email, 2 letters or more" error={matches.isError ? errorMessage(matches.error) : undefined} />
      {term.length >= 2 && matches.data && (
        list.length === 0
          ? <p role="status" className="muted">No {label.toLowerCase()} matches.</p>
          : (
            <Select label={label} value="" placeholder={`Choose (${list.length}${matches.data.totalCount > list.length ? ` of ${matches.data.totalCount}` : ""})`}
              options={list.map((u) => ({ value: u.id, label: `${fullName(u)} (${u.email})` }))}
              onChange={(id) => {
                const u = list.find((x) => x.id === id);
                if (u) onChange({ id: u.id, name: fullName(u) });
              }} />
          )
      )}
    </div>
  );
}
