/**
 * `/doctor/erx`: the doctor's e-prescribing desk — prescriptions in flight and
 * their transmission status (live: a vendor callback reaches this screen
 * through `orders:changed`), 50 a page (it showed the first 100 and no more), and
 * whether the e-prescribing profile is complete.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { useApi } from "../../../lib/app-deps.tsx";
import { Banner, EmptyState, LoadError, Pager, Select, Spinner, useOffsetInRange } from "../../../ui/index.ts";
import { useOrdersLive } from "../hooks/use-orders-live.ts";
import { formatDate, TRANSMISSION_LABELS } from "../lib/format.ts";
import { ordersKeys } from "../lib/keys.ts";
import "../orders.css";

const FIELD_LABELS: Record<string, string> = {
  firstName: "first name", lastName: "last name", npi: "NPI", phoneNumber: "phone", fax: "fax", address: "address", city: "city",
  state: "state", zip: "ZIP",
};

/** Prescriptions per page. */
export const ERX_PAGE = 50;

export function ErxPage() {
  useOrdersLive();
  const api = useApi();
  const [state, setState] = useState<"open" | "all">("open");
  const [offset, setOffset] = useState(0);
  const query = { kind: "prescription" as const, state, offset, limit: ERX_PAGE };
  const list = useQuery({
    queryKey: ordersKeys.list(query),
    queryFn: ({ signal }) => api.GET("/orders", { query, signal }),
    placeholderData: keepPreviousData,
  });
  // A live update can take prescriptions out of "in flight": never stay on a page past the last.
  useOffsetInRange(offset, ERX_PAGE, list.data?.totalCount, setOffset);
  const profile = useQuery({
    queryKey: ["orders", "erx-profile"],
    // No doctorId: the signed-in doctor's own profile.
    queryFn: ({ signal }) => api.GET("/doctors/check/erx", { signal }),
  });
  return (
    <div className="stack orders-page">
      <title>E-prescribing · DPC Telehealth</title>
      <h1>E-prescribing</h1>
      <p className="muted">Prescriptions sent to pharmacies arrive within an hour; their status updates here as the network reports it.</p>
      {profile.data && !profile.data.complete && (
        <Banner tone="warning">
          Your e-prescribing profile is missing: {profile.data.missing.map((f) => FIELD_LABELS[f] ?? f).join(", ")}.{" "}
          <Link to="/profile/edit">Complete your profile</Link>
        </Banner>
      )}
      <div className="orders-filters">
        <Select label="Show" value={state} onChange={(v) => { setState(v as "open" | "all"); setOffset(0); }}
          options={[{ value: "open", label: "In flight (drafts, sending, failed)" }, { value: "all", label: "All prescriptions" }]} />
      </div>
      {list.isLoading && <Spinner size={32} label="Loading prescriptions" />}
      {list.error && <LoadError what="Prescriptions" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.totalCount === 0 && <EmptyState title={state === "open" ? "No prescriptions in flight" : "No prescriptions yet"} />}
      {list.data && list.data.list.length > 0 && (
        <div className="orders-table-wrap">
          <table className="orders-table">
            <caption className="visually-hidden">Prescriptions and their transmission</caption>
            <thead>
              <tr><th scope="col">Medication</th><th scope="col">Patient</th><th scope="col">Status</th><th scope="col">Transmission</th><th scope="col">Written</th></tr>
            </thead>
            <tbody>
              {list.data.list.map((o) => (
                <tr key={o.id}>
                  <td><Link to={`/doctor/patients/${o.patientId}/encounters/${o.encounterId}`}>{o.title}</Link></td>
                  <td>{o.patientName}</td>
                  <td>{o.state}</td>
                  <td>
                    <span className={`orders-transmission orders-transmission--${o.transmission ?? "none"}`} data-testid="transmission" aria-live="polite">
                      {TRANSMISSION_LABELS[o.transmission ?? "none"]}
                    </span>
                  </td>
                  <td>{formatDate(o.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && <Pager offset={offset} limit={ERX_PAGE} total={list.data.totalCount} busy={list.isPlaceholderData} onChange={setOffset} />}
    </div>
  );
}
