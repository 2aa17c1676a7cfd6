/**
 * A reusable contact picker (referrals, faxes): a search box over the
 * practice's contacts (`GET /contacts/dropdown`) and a native select of the
 * matches, optionally of one kind. `onChange` receives the chosen contact.
 * The edge answers the first CONTACT_MATCHES by name; when that many come,
 * the picker says so and asks for more of a name.
 */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useAppDeps } from "../../../lib/app-deps.tsx";
import type { ContactOption } from "../../../../../sync/schemas/team.ts";
import { MoreMatches, Select, TextField } from "../../../ui/index.ts";
import { teamKeys } from "../lib/keys.ts";

/** The most matches `GET /contacts/dropdown` answers (edge/src/domains/team/contacts.ts). */
export const CONTACT_MATCHES = 50;

export function ContactPicker(
  { label = "Contact", value, onChange, kind, error }: {
    label?: string; value: string; onChange: (contact: ContactOption | null) => void; kind?: ContactOption["kind"]; error?: string;
  },
) {
  const { api } = useAppDeps();
  const [search, setSearch] = useState("");
  const options = useQuery({
    queryKey: teamKeys.contactOptions(search, kind ?? ""),
    queryFn: () => api.GET("/contacts/dropdown", { query: { search: search || undefined, kind } }),
  });
  const list = options.data?.list ?? [];
  return (
    <div className="stack">
      <TextField label={`Search ${label.toLowerCase()}s`} type="search" value={search} onChange={setSearch} />
      <Select
        label={label} value={value} error={error}
        placeholder={options.isPending ? "Loading…" : list.length ? "Choose" : "No contacts found"}
        options={list.map((c) => ({ value: c.id, label: `${c.name}${c.organization ? ` · ${c.organization}` : ""} (${c.kind})` }))}
        onChange={(id) => onChange(list.find((c) => c.id === id) ?? null)}
      />
      {/* The edge answers at most CONTACT_MATCHES and no count: exactly that many may be all there are. */}
      <MoreMatches shown={list.length} more={list.length >= CONTACT_MATCHES} noun="contacts by name"
        advice="type part of a name or organization to narrow them." />
    </div>
  );
}
