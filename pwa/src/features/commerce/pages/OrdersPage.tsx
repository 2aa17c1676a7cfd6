import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, EmptyState, Spinner } from "../../../ui/index.ts";
import { useSession } from "../../auth/index.ts";
import type { ServicePurchase } from "../../../../../sync/schemas/commerce.ts";
import { RequestForm } from "../components/RequestForm.tsx";
import { ServiceRequests } from "../components/ServiceRequests.tsx";
import { ServiceList } from "../components/ServiceList.tsx";
import { formatUsd } from "../../../../../sync/rules/money.ts";
import { commerceKeys } from "../keys.ts";

/**
 * Paid services inside the orders screen: the patient buys their doctor's
 * services and sees their requests; the doctor (and their VMA) sees the requests made to them.
 */
export function ServicesSection() {
  const { user } = useSession();
  if (user?.role === "doctor" || user?.role === "vma") return <ServiceRequests view="doctor" />;
  if (user?.role !== "patient") return null;
  return (
    <>
      <PatientServices ownDoctorId={user.doctor?.id ?? null} patientId={user.id} />
      <ServiceRequests view="patient" />
    </>
  );
}

/**
 * The services on offer and the request form. The URL says what is open: `?service=` the chosen service (so a
 * doctor's profile and the homepage services lead here), `?doctor=` another listed doctor than the patient's own
 * (from that doctor's profile).
 */
function PatientServices({ ownDoctorId, patientId }: { ownDoctorId: string | null; patientId: string }) {
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const doctorId = params.get("doctor") || ownDoctorId;
  const own = doctorId === ownDoctorId;
  const wanted = params.get("service");
  const services = useQuery({
    queryKey: commerceKeys.doctorServices(doctorId ?? ""),
    queryFn: () => api.GET("/paidServices/doctor/{id}", { path: { id: doctorId! } }),
    enabled: !!doctorId,
  });
  const chosen = (wanted && services.data?.find((s) => s.id === wanted)) || null;
  const choose = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set("service", id);
    else next.delete("service");
    setParams(next);
  };
  const [done, setDone] = useState<ServicePurchase | null>(null);

  return (
    <section className="stack" aria-labelledby="orders-title" style={{ maxWidth: 720 }}>
      <h2 id="orders-title">Services</h2>
      {!doctorId && <EmptyState title="Choose a doctor first" action={<Link to="/doctors">Find a doctor</Link>} />}
      {doctorId && !own && (
        <p>Services of the doctor you chose. <Link to={`/profile/${encodeURIComponent(doctorId)}`}>Back to their profile</Link></p>
      )}
      {done && (
        <div className="ui-panel stack" role="status">
          <h3>Thank you</h3>
          <p data-testid="purchase-paid">You paid {formatUsd(done.amountCents)}{done.status === "pending" ? " (awaiting confirmation)" : ""}.</p>
          <p>Your doctor has your request. Allow 2 business days for a referral.</p>
          <div><Button variant="secondary" onClick={() => setDone(null)}>Back to services</Button></div>
        </div>
      )}
      {!done && services.isPending && doctorId && <Spinner label="Loading services" />}
      {!done && services.isError && <p className="form-error" role="alert">{errorMessage(services.error)}</p>}
      {!done && wanted && services.data && !chosen && (
        <p role="status">
          {own ? "Your doctor does not" : "This doctor does not"} offer that service at the moment. <Link to="/doctors">Find a doctor who does</Link>
        </p>
      )}
      {!done && services.data && services.data.length === 0 && (
        <EmptyState title={own ? "Your doctor offers no paid services yet" : "This doctor offers no paid services yet"} />
      )}
      {!done && !chosen && services.data && services.data.length > 0 && <ServiceList services={services.data} onRequest={(s) => choose(s.id)} />}
      {!done && chosen && doctorId && (
        <RequestForm
          service={chosen}
          doctorId={doctorId}
          patientId={patientId}
          onCancel={() => choose(null)}
          onDone={(p) => { setDone(p); choose(null); }}
        />
      )}
    </section>
  );
}
