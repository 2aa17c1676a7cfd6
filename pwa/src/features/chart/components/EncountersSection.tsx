import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { type Encounter, ENCOUNTER_TYPES } from "../../../../../sync/schemas/encounter.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Button, Dialog, EmptyState, Select, TextField } from "../../../ui/index.ts";
import { useDeviceEntries, useServerOrDevice } from "../../sync/index.ts";
import { deviceEncounters } from "../lib/device-entries.ts";
import { ENCOUNTER_TYPE_LABELS, formatDateTime } from "../lib/chart-format.ts";
import type { ChartPermissions } from "../lib/permissions.ts";
import { EncounterForm } from "./EncounterForm.tsx";
import { ResourceState } from "./ResourceState.tsx";
import { SharedBadge } from "./SharedBadge.tsx";
import { chartKeys } from "../keys.ts";

export const ENCOUNTERS_PAGE_SIZE = 10;
/** Typing pauses this long before the list is searched. */
const SEARCH_DELAY_MS = 300;

type Props = {
  patientId: string;
  permissions: ChartPermissions;
  encounterHref: (id: string) => string;
  /** Called with a new encounter (the doctor's); the page opens it. */
  onCreated?: (e: Encounter) => void;
  /** A consultation to document: the new-encounter form opens with it ("Document this visit"). */
  documentVisit?: string;
  /** The form opened for `documentVisit` closed. */
  onVisitFormClosed?: () => void;
  /** More about each encounter under its line (the patient's view shows its shared diagnoses). */
  renderExtra?: (e: Encounter) => ReactNode;
  title?: string;
  emptyText?: string;
};

/** The patient's encounters, newest first: search, type and doctor filters, pages; "New encounter" for the doctor. */
export function EncountersSection(
  { patientId, permissions, encounterHref, onCreated, documentVisit, onVisitFormClosed, renderExtra, title = "Encounters", emptyText }: Props,
) {
  const api = useApi();
  const [searchInput, setSearchInput] = useState("");
  const [search, setSearch] = useState("");
  const [type, setType] = useState("");
  const [doctorId, setDoctorId] = useState("");
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(Boolean(documentVisit) && permissions.decide);
  const saved = useRef(false);
  // Dismissed unsaved: the address forgets the visit (a saved one opens its encounter instead).
  const closeForm = () => {
    setCreating(false);
    if (documentVisit && !saved.current) onVisitFormClosed?.();
  };

  useEffect(() => {
    const timer = setTimeout(() => {
      if (searchInput.trim() === search) return;
      setSearch(searchInput.trim());
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput, search]);

  // Offline, the device's copy (issue 31) in pages of the same size; the filters need the server.
  const device = useDeviceEntries(patientId, "encounter", (entries) => {
    const list = deviceEncounters(entries);
    return { list: list.slice(offset, offset + ENCOUNTERS_PAGE_SIZE), totalCount: list.length };
  }, [offset]);
  const encounters = useServerOrDevice({
    queryKey: chartKeys.encounters(patientId, { offset, search, type, doctorId }),
    queryFn: ({ signal }) =>
      api.GET("/encounters/{patientId}/list", {
        path: { patientId },
        signal,
        // "" (all types) matches no type: the query leaves it out, as it leaves out every empty value.
        query: { offset, limit: ENCOUNTERS_PAGE_SIZE, search, type: ENCOUNTER_TYPES.find((t) => t === type), doctorId },
      }),
    keepPrevious: true,
  }, device);
  const creators = useServerOrDevice({
    queryKey: chartKeys.creators(patientId),
    queryFn: ({ signal }) => api.GET("/doctors/encounter/creators", { signal, query: { patientId } }),
  });
  const filtered = !encounters.fromDevice && Boolean(search || type || doctorId);
  const total = encounters.data?.totalCount ?? 0;
  const last = Math.min(offset + ENCOUNTERS_PAGE_SIZE, total);

  return (
    <section className="stack" aria-labelledby="encounters-title" aria-busy={encounters.loading}>
      <div className="row chart-section__bar">
        <h2 id="encounters-title">{title}</h2>
        {permissions.decide && (!encounters.offline || encounters.fromDevice) && <Button onClick={() => setCreating(true)}>New encounter</Button>}
      </div>
      {/* Filters once there is more than a page to look through (or a filter is on). */}
      {!encounters.offline && (filtered || total > ENCOUNTERS_PAGE_SIZE) && (
        <form role="search" aria-label="Filter encounters" className="chart-filters" onSubmit={(e) => e.preventDefault()}>
          <TextField label="Search by reason or type" type="search" value={searchInput} onChange={setSearchInput} autoComplete="off" />
          <Select
            label="Type"
            placeholder="All types"
            options={ENCOUNTER_TYPES.map((t) => ({ value: t, label: ENCOUNTER_TYPE_LABELS[t] }))}
            value={type}
            onChange={(v) => {
              setType(v);
              setOffset(0);
            }}
          />
          <Select
            label="Doctor"
            placeholder="All doctors"
            options={(creators.data ?? []).map((d) => ({ value: d.id, label: `Dr. ${d.firstName} ${d.lastName}`.trim() }))}
            value={doctorId}
            onChange={(v) => {
              setDoctorId(v);
              setOffset(0);
            }}
          />
        </form>
      )}
      <ResourceState resource={encounters} label={title}>
        {(page) =>
          page.list.length === 0
            ? (
              <EmptyState title={filtered ? `No ${title.toLowerCase()} match` : `No ${title.toLowerCase()} yet`}>
                {filtered ? "Change the search or the filters." : emptyText ?? "Encounters document each contact with the patient."}
              </EmptyState>
            )
            : (
              <>
                <p className="muted" aria-live="polite">{`${offset + 1}–${last} of ${total} ${title.toLowerCase()}`}</p>
                <ul className="chart-list">
                  {page.list.map((e) => (
                    <li key={e.id} className="chart-list__item chart-list__item--stacked">
                      <Link to={encounterHref(e.id)} className="chart-encounter-link">
                        <span className="chart-list__title">{e.reason}</span>{" "}
                        <span className="muted">{ENCOUNTER_TYPE_LABELS[e.type]} · {formatDateTime(e.encounterDatetime)}</span>
                      </Link>
                      {permissions.prepare && <SharedBadge shared={e.isShared} sent waiting={encounters.fromDevice && device.waiting?.has(e.id) === true} />}
                      {renderExtra?.(e)}
                    </li>
                  ))}
                </ul>
                {total > ENCOUNTERS_PAGE_SIZE && (
                  <nav className="row chart-pages" aria-label="Encounter pages">
                    <Button variant="secondary" disabled={offset === 0 || encounters.loading} onClick={() => setOffset(Math.max(0, offset - ENCOUNTERS_PAGE_SIZE))}>
                      Previous
                    </Button>
                    <Button variant="secondary" disabled={last >= total || encounters.loading} onClick={() => setOffset(offset + ENCOUNTERS_PAGE_SIZE)}>
                      Next
                    </Button>
                  </nav>
                )}
              </>
            )}
      </ResourceState>
      <Dialog open={creating} title={documentVisit ? "Document this visit" : "New encounter"} onClose={closeForm} wide>
        {creating && (
          <EncounterForm
            mode="create"
            patientId={patientId}
            visitId={documentVisit}
            onSaved={(e) => {
              saved.current = true;
              encounters.reload();
              creators.reload();
              onCreated?.(e);
            }}
            onClose={closeForm}
          />
        )}
      </Dialog>
    </section>
  );
}
