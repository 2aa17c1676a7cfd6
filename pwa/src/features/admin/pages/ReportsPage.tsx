import { useState } from "react";
import {
  COMMERCE_REPORT_FIELDS,
  REPORT_FIELD_LABELS,
  REPORT_FIELDS,
  type ReportField,
  reportQuerySchema,
} from "../../../../../sync/schemas/admin.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, Checkbox, Pager, QueryState, Select, TextField } from "../../../ui/index.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { type QueryOf, useReportPreview } from "../api.ts";
import { saveBlob } from "../../../lib/save-blob.ts";

const PREVIEW_SIZE = 50;
const DEFAULT_FIELDS: ReportField[] = ["name", "gender", "age", "doctor"];
type Filters = { gender: string; minAge: string; maxAge: string; state: string; search: string; joinedFrom: string; joinedTo: string };
const NO_FILTERS: Filters = { gender: "", minAge: "", maxAge: "", state: "", search: "", joinedFrom: "", joinedTo: "" };
/** The filters applied, as `GET /reports` takes them (read with its schema, `reportQuerySchema`). */
type Applied = Pick<QueryOf<"/reports">, keyof Filters>;

/**
 * `/reports`: the report builder (02 §2): fields, filters, a preview and a CSV
 * download of the whole report. Doctors and VMAs report on their own patients,
 * admins on every patient; patients have no reports (their purchases are on /orders).
 */
export function ReportsPage() {
  const user = useCurrentUser();
  const api = useApi();
  const [fields, setFields] = useState<ReportField[]>(DEFAULT_FIELDS);
  const [filters, setFilters] = useState<Applied>({});
  const [offset, setOffset] = useState(0);
  // The filters as typed: the report's query schema checks them, with the fields chosen, before they apply.
  const filterForm = useForm({
    schema: reportQuerySchema,
    initial: NO_FILTERS,
    idPrefix: "report",
    toInput: (draft) => ({ fields: fields.join(","), ...Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== "")) }),
  });
  const { values: draft, errors } = filterForm;
  const setDraft = (name: keyof Filters) => (value: string) => filterForm.set(name, value);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const allowed = user.role !== "patient";

  // The list goes as one comma-separated parameter (`fields=name,age`); filters left out are not sent.
  const query = { fields, ...filters };
  const preview = useReportPreview({ ...query, offset, limit: PREVIEW_SIZE }, allowed && fields.length > 0);

  const apply = filterForm.handleSubmit((parsed) => {
    setOffset(0);
    const { gender, minAge, maxAge, state, search, joinedFrom, joinedTo } = parsed;
    setFilters({ gender, minAge, maxAge, state, search, joinedFrom, joinedTo });
  });

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      const res = await api.RAW("GET", "/reports", { query: { ...query, format: "csv" } });
      const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "report.csv";
      saveBlob(await res.blob(), name);
    } catch (error) {
      setDownloadError(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  if (!allowed) {
    return (
      <div className="stack">
        <title>Reports · DPC Telehealth</title>
        <h1>Reports</h1>
        <p>Reports are for doctors, their assistants and administrators. Your purchases and payments are on <a href="/orders">Orders</a>.</p>
      </div>
    );
  }

  const shown = preview.data?.fields ?? fields;
  return (
    <div className="stack">
      <title>Reports · DPC Telehealth</title>
      <h1>Reports</h1>
      <p className="muted">
        {user.role === "admin" ? "Every patient of the platform (no clinical content)." : "The patients of your practice."}
      </p>
      <form className="card stack" onSubmit={apply} aria-label="Report builder" noValidate>
        <fieldset className="admin-check-grid">
          <legend>Fields</legend>
          {REPORT_FIELDS.map((f) => (
            <Checkbox key={f} label={REPORT_FIELD_LABELS[f]} checked={fields.includes(f)}
              onChange={(on) => {
                setOffset(0);
                setFields(on ? REPORT_FIELDS.filter((x) => x === f || fields.includes(x)) : fields.filter((x) => x !== f));
              }} />
          ))}
        </fieldset>
        {fields.length === 0 && <p className="form-error" role="alert">Choose at least one field.</p>}
        <div className="form-grid form-grid--two">
          <TextField label="Name or email contains" type="search" value={draft.search} onChange={setDraft("search")} error={errors.search} />
          <Select label="Gender" value={draft.gender} placeholder="Any" options={[{ value: "Female", label: "Female" }, { value: "Male", label: "Male" }]}
            onChange={setDraft("gender")} />
          <TextField label="Minimum age" inputMode="numeric" value={draft.minAge} onChange={setDraft("minAge")} error={errors.minAge} />
          <TextField label="Maximum age" inputMode="numeric" value={draft.maxAge} onChange={setDraft("maxAge")} error={errors.maxAge} />
          <TextField label="State (two letters)" value={draft.state} maxLength={2} onChange={(v) => setDraft("state")(v.toUpperCase())} error={errors.state} />
          <TextField label="Joined from" type="date" value={draft.joinedFrom} onChange={setDraft("joinedFrom")} error={errors.joinedFrom} />
          <TextField label="Joined until" type="date" value={draft.joinedTo} onChange={setDraft("joinedTo")} error={errors.joinedTo} />
        </div>
        <div className="row">
          <Button type="submit" variant="secondary">Apply filters</Button>
          <Button onClick={() => void download()} loading={downloading} disabled={fields.length === 0}>Download CSV</Button>
        </div>
        {downloadError && <p className="form-error" role="alert">{downloadError}</p>}
      </form>
      <section className="stack" aria-labelledby="preview-title" aria-busy={preview.isFetching}>
        <h2 id="preview-title">Preview{preview.data ? ` (${preview.data.totalCount} patients)` : ""}</h2>
        {preview.data && !preview.data.commerce && fields.some((f) => COMMERCE_REPORT_FIELDS.includes(f)) && (
          <p className="muted">Membership, purchase and revenue fields are not filled in reports yet, so they are empty.</p>
        )}
        <QueryState label="the report" isPending={preview.isPending && fields.length > 0} error={preview.error}
          refetch={() => void preview.refetch()} empty={preview.data?.list.length === 0} emptyTitle="No patients match">
          {preview.data && preview.data.list.length > 0 && (
            <div className="table-scroll" tabIndex={0} role="region" aria-label="Report preview (scrolls sideways)">
              <table className="data-table" aria-label="Report preview">
                <thead>
                  <tr>{shown.map((f) => <th key={f} scope="col">{REPORT_FIELD_LABELS[f]}</th>)}</tr>
                </thead>
                <tbody>
                  {preview.data.list.map((row) => (
                    <tr key={row.id}>{shown.map((f) => <td key={f}>{row[f] ?? ""}</td>)}</tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryState>
        <Pager offset={offset} limit={PREVIEW_SIZE} total={preview.data?.totalCount ?? 0} busy={preview.isPlaceholderData} onChange={setOffset} />
      </section>
    </div>
  );
}
