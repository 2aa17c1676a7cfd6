/**
 * `/orders` for every signed-in role (01 §2). The patient: every order shared
 * with them — labs with their shared results, imaging, referrals, and the
 * prescriptions sent to their pharmacy. The doctor and VMA: their practice's
 * patients' orders, open ones by default, filtered by kind, state and search.
 * Live through `orders:changed`.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { ORDER_KINDS, type OrderKind } from "../../../../../sync/schemas/orders.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Button, EmptyState, LoadError, Pager, Select, Spinner, TextField, useOffsetInRange } from "../../../ui/index.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { useOrdersLive } from "../hooks/use-orders-live.ts";
import { formatDate, KIND_LABELS, stateLabel, TRANSMISSION_LABELS } from "../lib/format.ts";
import { ordersKeys } from "../lib/keys.ts";
import { PreferredPharmacy } from "../components/PreferredPharmacy.tsx";
import { ServicesSection } from "../../commerce/index.ts";
import "../orders.css";
import { saveBlob } from "../../../lib/save-blob.ts";

/** Orders per page. */
export const ORDERS_PAGE = 20;

export function OrdersPage() {
  useOrdersLive();
  const user = useCurrentUser();
  const api = useApi();
  const patient = user.role === "patient";
  // Admins see no clinical content (edge/docs/orders.md): nothing is asked of the server.
  const admin = user.role === "admin";
  const [kind, setKind] = useState<OrderKind | "">("");
  const [state, setState] = useState<"open" | "all">(patient ? "all" : "open");
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const query = { kind: kind || undefined, state, search: search.trim() || undefined, offset, limit: ORDERS_PAGE };
  const orders = useQuery({
    queryKey: ordersKeys.list(query),
    queryFn: ({ signal }) => api.GET("/orders", { query, signal }),
    enabled: !admin,
    // The page shown stays (and its pager with it) while the next one loads.
    placeholderData: keepPreviousData,
  });
  // A live update can take orders out of the list (an order closed leaves "open"): never stay on a page past the last.
  useOffsetInRange(offset, ORDERS_PAGE, orders.data?.totalCount, setOffset);
  const base = user.role === "vma" ? "/vma/patients" : "/doctor/patients";
  return (
    <div className="stack orders-page">
      <title>Orders · DPC Telehealth</title>
      <h1>Orders</h1>
      <p className="muted">
        {patient
          ? "Labs, imaging, referrals and prescriptions your doctor shared with you."
          : "Your patients' labs, imaging, referrals and prescriptions."}
      </p>
      {admin && <EmptyState title="Orders are kept by each practice">Administrators do not see patients' clinical orders.</EmptyState>}
      {patient && <PreferredPharmacy patientId={user.id} />}
      {!admin && <ServicesSection />}
      {!admin && (
      <div className="orders-filters" role="search" aria-label="Filter orders">
        {/* The options are ORDER_KINDS, or "" (all kinds): the value chosen is one of them. */}
        <Select label="Kind" value={kind} onChange={(v) => { setKind(v as OrderKind | ""); setOffset(0); }} placeholder="All kinds"
          options={ORDER_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))} />
        {!patient && (
          <Select label="State" value={state} onChange={(v) => { setState(v as "open" | "all"); setOffset(0); }}
            options={[{ value: "open", label: "Open" }, { value: "all", label: "All" }]} />
        )}
        <TextField label="Search" value={search} onChange={(v) => { setSearch(v); setOffset(0); }} placeholder={patient ? "Test or medication" : "Patient, test or medication"} />
      </div>
      )}
      {orders.isLoading && <Spinner size={32} label="Loading orders" />}
      {orders.error && <LoadError what="Orders" error={orders.error} onRetry={() => void orders.refetch()} />}
      {orders.data && orders.data.list.length === 0 && (
        <EmptyState title={patient ? "Nothing has been shared with you yet" : state === "open" ? "No open orders" : "No orders"} />
      )}
      {orders.data && orders.data.list.length > 0 && (
        <ul className="orders-list" aria-label="Orders">
          {orders.data.list.map((o) => (
            <li key={`${o.kind}:${o.id}`} className="orders-item" aria-label={`${KIND_LABELS[o.kind]}: ${o.title}`}>
              <div className="orders-item__head">
                <span className="orders-tag">{KIND_LABELS[o.kind]}</span>
                <strong>{o.title}</strong>
                <span className="orders-state">{stateLabel(o)}</span>
              </div>
              <p className="muted">
                {!patient && <>{o.patientName} · </>}{formatDate(o.createdAt)}
                {!patient && <> · <Link to={`${base}/${o.patientId}/encounters/${o.encounterId}`}>Open encounter</Link></>}
              </p>
              {patient && o.kind === "lab" && <SharedLab id={o.id} />}
              {patient && o.kind === "prescription" && <SharedPrescription id={o.id} />}
            </li>
          ))}
        </ul>
      )}
      {orders.data && (
        <Pager offset={offset} limit={ORDERS_PAGE} total={orders.data.totalCount} busy={orders.isPlaceholderData} onChange={setOffset} label="Orders pages" />
      )}
    </div>
  );
}

function SharedLab({ id }: { id: string }) {
  const api = useApi();
  const lab = useQuery({ queryKey: ["orders", "lab", id], queryFn: ({ signal }) => api.GET("/encounterLabs/{id}", { path: { id }, signal }) });
  if (!lab.data) return null;
  if (!lab.data.results.length) return <p className="muted">Results not shared yet.</p>;
  const open = async (fileId: string, name: string) => {
    const res = await api.RAW("GET", "/encounterLabs/{id}/result/{resultId}", { path: { id, resultId: fileId } });
    saveBlob(await res.blob(), name);
  };
  return (
    <div>
      <span className="muted">Results:</span>
      <ul className="orders-files">
        {lab.data.results.map((f) => <li key={f.id}><Button variant="text" onClick={() => void open(f.id, f.name)}>{f.name}</Button></li>)}
      </ul>
    </div>
  );
}

function SharedPrescription({ id }: { id: string }) {
  const api = useApi();
  const rx = useQuery({ queryKey: ["orders", "prescription", id], queryFn: ({ signal }) => api.GET("/encounterPrescriptions/{id}", { path: { id }, signal }) });
  if (!rx.data) return null;
  const p = rx.data;
  return (
    <p>
      {p.instructions} · {p.quantity} {p.unit}, {p.refills} refill{p.refills === 1 ? "" : "s"}
      {p.pharmacy && <> · {p.pharmacy.name}, {p.pharmacy.address}, {p.pharmacy.city}</>}
      {p.status === "current" && <> · <span data-testid="transmission">{TRANSMISSION_LABELS[p.transmission]}</span></>}
    </p>
  );
}
