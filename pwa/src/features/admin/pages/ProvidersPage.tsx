import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { APPLICATION_FILTERS } from "../../../../../sync/schemas/admin.ts";
import { Button, Pager, QueryState, Select, TextField } from "../../../ui/index.ts";
import { PAGE_SIZE, useApplications } from "../api.ts";
import { ApplicationDetail } from "../components/ApplicationDetail.tsx";

const LABELS: Record<(typeof APPLICATION_FILTERS)[number], string> = {
  initial: "Pending applications",
  approved: "Approved doctors",
  declined: "Declined applications",
  deactivated: "Deactivated doctors",
  all: "All doctors",
};
type Filter = keyof typeof LABELS;
const isFilter = (v: string | null): v is Filter => !!v && v in LABELS;

/** `/admin/providers`: doctor applications and doctors, with approve, decline, commission, deactivate. */
export function ProvidersPage() {
  const [params, setParams] = useSearchParams();
  const status: Filter = isFilter(params.get("status")) ? params.get("status") as Filter : "initial";
  const [searchInput, setSearchInput] = useState("");
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const list = useApplications({ status, search: search || undefined, offset, limit: PAGE_SIZE });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setOffset(0);
    setSearch(searchInput.trim());
  };

  return (
    <div className="stack">
      <title>Providers · DPC Telehealth</title>
      <h1>Providers</h1>
      <form className="form-grid form-grid--two admin-filters" onSubmit={onSearch} role="search" aria-label="Find doctors">
        <Select label="Show" value={status} options={APPLICATION_FILTERS.map((v) => ({ value: v, label: LABELS[v] }))}
          onChange={(value) => {
            setOffset(0);
            setParams({ status: value });
          }} />
        <div className="row" style={{ alignItems: "flex-end" }}>
          <TextField label="Search by name, email or NPI" type="search" value={searchInput} onChange={setSearchInput}
            className="admin-filters__search" />
          <Button type="submit" variant="secondary">Search</Button>
        </div>
      </form>
      <section className="stack" aria-labelledby="providers-title" aria-busy={list.isFetching}>
        <h2 id="providers-title">{LABELS[status]}{list.data ? ` (${list.data.totalCount})` : ""}</h2>
        <QueryState label="doctors" isPending={list.isPending} error={list.error} refetch={() => void list.refetch()}
          empty={list.data?.list.length === 0} emptyTitle={search ? `Nothing matches “${search}”` : `No ${LABELS[status].toLowerCase()}`}>
          {list.data?.list.map((doctor) => <ApplicationDetail key={doctor.id} doctor={doctor} />)}
        </QueryState>
        <Pager offset={offset} limit={PAGE_SIZE} total={list.data?.totalCount ?? 0} busy={list.isPlaceholderData} onChange={setOffset} />
      </section>
    </div>
  );
}
