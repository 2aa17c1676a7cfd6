import { useSearchParams } from "react-router";
import { APPLICATION_FILTERS } from "../../../../../sync/schemas/admin.ts";
import { Select } from "../../../ui/index.ts";
import { PAGE_SIZE, useApplications } from "../api.ts";
import { ApplicationDetail } from "../components/ApplicationDetail.tsx";
import { PagedList } from "../components/PagedList.tsx";
import { SearchFilters } from "../components/SearchFilters.tsx";
import { useSearchPaging } from "../hooks/use-search-paging.ts";

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
  const paging = useSearchPaging();
  const { search, offset, setOffset } = paging;
  const list = useApplications({ status, search: search || undefined, offset, limit: PAGE_SIZE });

  return (
    <div className="stack">
      <title>Providers · DPC Telehealth</title>
      <h1>Providers</h1>
      <SearchFilters label="Find doctors" searchLabel="Search by name, email or NPI" paging={paging}>
        <Select label="Show" value={status} options={APPLICATION_FILTERS.map((v) => ({ value: v, label: LABELS[v] }))}
          onChange={(value) => {
            setOffset(0);
            setParams({ status: value });
          }} />
      </SearchFilters>
      <PagedList id="providers-title" title={LABELS[status]} label="doctors" query={list} paging={paging}
        emptyTitle={search ? `Nothing matches “${search}”` : `No ${LABELS[status].toLowerCase()}`}>
        {list.data?.list.map((doctor) => <ApplicationDetail key={doctor.id} doctor={doctor} />)}
      </PagedList>
    </div>
  );
}
