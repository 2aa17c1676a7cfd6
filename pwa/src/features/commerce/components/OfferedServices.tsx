/**
 * What a patient or a guest can buy, outside the orders screen: a doctor's services on their public profile and the
 * homepage services (the patient's home and the landing page). "Request" leads to the one request form, on
 * `/orders?doctor=…&service=…`; a guest is asked to sign in first and comes back there (as the join flow does).
 * The landing page loads the homepage services through ../lazy.ts, after the page.
 */
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { PaidService } from "../../../../../sync/schemas/commerce.ts";
import { useApi, useAppDeps } from "../../../lib/app-deps.tsx";
import { LoadError, Spinner } from "../../../ui/index.ts";
import { openAuthDialog, useSession } from "../../auth/index.ts";
import { ServiceList } from "./ServiceList.tsx";
import { commerceKeys } from "../keys.ts";

/** Where a service is requested: the orders screen with the service chosen (and the doctor, when not the patient's). */
export function serviceRequestPath(serviceId: string, doctorId?: string): string {
  const q = new URLSearchParams(doctorId ? { doctor: doctorId, service: serviceId } : { service: serviceId });
  return `/orders?${q}`;
}

/** "Request" for a guest or a patient (others only see the prices): go to the form, or sign in first. */
function useRequest(doctorId?: string): ((s: PaidService) => void) | undefined {
  const { user } = useSession();
  const { session } = useAppDeps();
  const navigate = useNavigate();
  if (user && user.role !== "patient") return undefined;
  return (s) => {
    const path = serviceRequestPath(s.id, doctorId);
    if (user) return void navigate(path);
    session.setRememberedPath(path);
    openAuthDialog("login");
  };
}

/** A listed doctor's services on their profile, beside the membership options. Nothing when they offer none. */
export function DoctorServicesSection({ doctorId, doctorName }: { doctorId: string; doctorName: string }) {
  const api = useApi();
  const { user } = useSession();
  const request = useRequest(doctorId);
  const services = useQuery({
    queryKey: commerceKeys.doctorServices(doctorId),
    queryFn: () => api.GET("/paidServices/doctor/{id}", { path: { id: doctorId } }),
  });
  if (services.data?.length === 0) return null;
  return (
    <section className="stack" aria-labelledby="doctor-services-title">
      <h2 id="doctor-services-title">Services</h2>
      {services.isPending && <Spinner label="Loading the services" />}
      {services.isError && <LoadError error={services.error} onRetry={() => void services.refetch()} />}
      {services.data && (
        <>
          <p className="muted">
            One-off services {doctorName} offers, with or without a membership.
            {!user && " Sign in as a patient to request one."}
          </p>
          <ServiceList services={services.data} onRequest={request} />
        </>
      )}
    </section>
  );
}

/**
 * The homepage services (`GET /paidServices/home`, public): on the patient's home and the landing page. A patient
 * requests one from their own doctor. Nothing when there are none.
 */
export function HomeServicesSection({ className }: { className?: string }) {
  const api = useApi();
  const request = useRequest();
  const services = useQuery({ queryKey: commerceKeys.homeServices(), queryFn: () => api.GET("/paidServices/home") });
  if (services.data?.length === 0) return null;
  return (
    <section className={className ?? "stack"} aria-labelledby="home-services-title">
      <h2 id="home-services-title">Services</h2>
      {services.isPending && <Spinner label="Loading the services" />}
      {services.isError && <LoadError error={services.error} onRetry={() => void services.refetch()} />}
      {services.data && (
        <>
          <p>One-off services from your doctor, with or without a membership.</p>
          <ServiceList services={services.data} onRequest={request} />
        </>
      )}
    </section>
  );
}
