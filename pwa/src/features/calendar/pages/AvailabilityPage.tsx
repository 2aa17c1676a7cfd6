import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { useApi } from "../../../lib/app-deps.tsx";
import { FORM_SOURCE } from "../../../lib/query-options.ts";
import { LoadError, Spinner } from "../../../ui/index.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { deviceTimeZone } from "../../consultations/index.ts";
import { AvailabilityEditor } from "../components/AvailabilityEditor.tsx";
import { calendarKeys } from "../keys.ts";

/**
 * `/availability`: a doctor's hours (02 §7 `GET/PUT /availability`). Doctors edit
 * their own, VMAs their doctor's (the API allows it), admins any doctor's with
 * `?doctorId=`. Patients have no availability.
 */
export function AvailabilityPage() {
  const user = useCurrentUser();
  const api = useApi();
  const [params] = useSearchParams();
  const doctorId = user.role === "admin" ? params.get("doctorId") ?? undefined : undefined;
  const manages = user.role === "doctor" || (user.role === "vma" && user.doctor !== null) || (user.role === "admin" && !!doctorId);
  const availability = useQuery({
    queryKey: calendarKeys.availability(doctorId),
    queryFn: ({ signal }) => api.GET("/availability", { query: { doctorId }, signal }),
    enabled: manages,
    ...FORM_SOURCE,
  });
  const calendarOf = doctorId ?? (user.role === "doctor" ? user.id : user.doctor?.id);

  return (
    <div className="stack">
      <title>Availability · DPC Telehealth</title>
      <div className="row calendar-page__head">
        <h1>Availability</h1>
        {manages && calendarOf && <Link to={`/calendar/${calendarOf}`}>Open the calendar</Link>}
      </div>
      {!manages && (
        <p className="notice">
          Availability belongs to a doctor's practice.{" "}
          {user.role === "patient" ? <Link to="/doctors">Find a doctor to book</Link> : "Open it from a doctor's page."}
        </p>
      )}
      {manages && (
        <p className="muted">
          {user.role === "vma" && user.doctor
            ? `The hours when patients can book Dr. ${user.doctor.firstName} ${user.doctor.lastName}.`
            : "The hours when patients can book you. Booked consultations keep their time when you change them."}
        </p>
      )}
      {manages && availability.isPending && <Spinner size={40} label="Loading availability" />}
      {availability.isError && <LoadError error={availability.error} onRetry={() => void availability.refetch()} />}
      {availability.data && (
        <AvailabilityEditor
          key={availability.data.updatedAt ?? "new"}
          availability={availability.data}
          fallbackTimezone={user.timezone ?? deviceTimeZone()}
          readOnly={false}
          onSave={(input) => api.PUT("/availability", { body: input })}
        />
      )}
    </div>
  );
}
