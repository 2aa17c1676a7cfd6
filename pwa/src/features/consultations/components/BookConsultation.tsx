import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { Consultation } from "../../../../../sync/schemas/consultation.ts";
import type { DoctorCard } from "../../../../../sync/schemas/doctor.ts";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { FORM_SOURCE } from "../../../lib/query-options.ts";
import { LoadError, Spinner } from "../../../ui/index.ts";
import { consultationKeys } from "../keys.ts";
import { deviceTimeZone } from "../lib/time-format.ts";
import { BookingForm } from "./BookingForm.tsx";
import { BookingSuccess } from "./BookingSuccess.tsx";

/** Booking on a doctor's profile: the doctor's intake form, then the form, then the booked screen. */
export function BookConsultation({ doctor, patient, onClose }: { doctor: DoctorCard; patient: AuthUser; onClose: () => void }) {
  const api = useApi();
  const [booked, setBooked] = useState<Consultation | null>(null);
  const settings = useQuery({
    queryKey: consultationKeys.intakeSettings(doctor.id),
    queryFn: ({ signal }) => api.GET("/intakeForms/settings/doctor/{id}", { path: { id: doctor.id }, signal }),
    ...FORM_SOURCE,
  });
  const timeZone = deviceTimeZone();
  const outOfState = !patient.state || !doctor.licensedStates.includes(patient.state);

  if (booked) return <BookingSuccess consultation={booked} timeZone={timeZone} />;
  return (
    <section className="card stack" aria-labelledby="booking-title">
      <h2 id="booking-title">Book a consultation with Dr. {doctor.firstName} {doctor.lastName}</h2>
      {settings.isPending && <Spinner size={32} label="Loading the intake form" />}
      {settings.isError && <LoadError error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && (
        <BookingForm
          doctor={doctor}
          settings={settings.data}
          outOfState={outOfState}
          patientState={patient.state ?? null}
          timeZone={timeZone}
          onBooked={setBooked}
          onCancel={onClose}
        />
      )}
    </section>
  );
}
