import { useMemo, useState } from "react";
import { addDays } from "../../../../../sync/rules/zoned-time.ts";
import { bookConsultationSchema, type Consultation, CONSULTATION_TYPES } from "../../../../../sync/schemas/consultation.ts";
import type { DoctorCard } from "../../../../../sync/schemas/doctor.ts";
import type { IntakeFormSettings } from "../../../../../sync/schemas/intake-form.ts";
import { ApiError } from "../../../lib/api/index.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { FieldMessage } from "../../../ui/FieldMessage.tsx";
import { Button, TextField } from "../../../ui/index.ts";
import { SLOT_WINDOW_DAYS, useFreeSlots, windowStart } from "../hooks/use-free-slots.ts";
import {
  answerPath,
  BOOKING_PATHS,
  type BookingContext,
  bookingExtraErrors,
  type BookingValues,
  EMPTY_BOOKING,
  isBookingInput,
  toBookingInput,
  VITALS_PATH,
} from "../lib/booking-form.ts";
import { TYPE_LABELS } from "../lib/consultation-view.ts";
import { ChoiceGroup } from "./ChoiceGroup.tsx";
import { IntakeFields } from "./IntakeFields.tsx";
import { SlotPicker } from "./SlotPicker.tsx";

const VITALS = new Set<string>(["weight", "height", "bloodPressure", "pulse"]);
const TYPE_OPTIONS = CONSULTATION_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));

export type BookingFormProps = {
  doctor: DoctorCard;
  settings: IntakeFormSettings | null;
  /** The patient's state is not among the doctor's licensed states. */
  outOfState: boolean;
  patientState: string | null;
  timeZone: string;
  onBooked: (consultation: Consultation) => void;
  onCancel: () => void;
};

/** A patient books a doctor: kind, a free slot, the reason and the intake form, checked before sending. */
export function BookingForm({ doctor, settings, outOfState, patientState, timeZone, onBooked, onCancel }: BookingFormProps) {
  const api = useApi();
  const [page, setPage] = useState(0);
  const firstDay = useMemo(() => windowStart(page, timeZone), [page, timeZone]);
  const slots = useFreeSlots(doctor.id, firstDay, timeZone);
  const ctx: BookingContext = { doctorId: doctor.id, settings, outOfState };
  const form = useForm<BookingValues, unknown>({
    schema: bookConsultationSchema,
    initial: EMPTY_BOOKING,
    idPrefix: "book",
    toInput: (values) => toBookingInput(values, ctx),
    extraCheck: (values) => bookingExtraErrors(values, ctx),
  });
  const { values, errors } = form;

  const clear = (...paths: string[]) => {
    if (!paths.some((p) => errors[p])) return;
    const rest = { ...errors };
    for (const p of paths) delete rest[p];
    form.setErrors(rest);
  };
  const setPlain = (name: keyof typeof BOOKING_PATHS, value: string) => {
    form.set(name, value as never);
    clear(BOOKING_PATHS[name], ...(VITALS.has(name) ? [VITALS_PATH] : []));
  };
  const setAnswer = (fieldId: string, value: string | boolean | null) => {
    form.setValues((v) => ({ ...v, answers: { ...v.answers, [fieldId]: value } }));
    clear(answerPath(fieldId));
  };

  const submit = form.handleSubmit(async () => {
    try {
      const input = toBookingInput(values, ctx);
      if (!isBookingInput(input)) throw new Error("The booking does not match the form's schema");
      const consultation = await api.POST("/consultations", { body: input });
      onBooked(consultation);
    } catch (error) {
      // Someone took the slot meanwhile: show the times that are still free.
      if (error instanceof ApiError && (error.code === 409 || error.fieldErrors.startAt)) {
        form.set("startAt", "");
        slots.reload();
      }
      throw error;
    }
  });

  return (
    <form className="stack booking-form" aria-label="Book a consultation" onSubmit={submit} noValidate>
      <ChoiceGroup
        legend="Kind of consultation"
        name="type"
        id={form.fieldId("type")}
        options={TYPE_OPTIONS}
        value={values.type}
        onChange={(type) => {
          form.set("type", type);
        }}
        error={errors.type}
        hint={values.type === "async" ? "Send your question; the doctor answers at the chosen time." : undefined}
      />
      <fieldset className="ui-fieldset stack">
        <legend>Time</legend>
        <SlotPicker
          id={form.fieldId("startAt")}
          invalid={Boolean(errors.startAt)}
          describedBy={errors.startAt ? `${form.fieldId("startAt")}-error` : undefined}
          firstDay={firstDay}
          lastDay={addDays(firstDay, SLOT_WINDOW_DAYS - 1)}
          days={slots.days}
          timeZone={timeZone}
          doctorTimeZone={doctor.timezone}
          selected={values.startAt}
          onSelect={(startAt) => form.set("startAt", startAt)}
          loading={slots.loading}
          error={slots.error}
          onRetry={slots.reload}
          canGoEarlier={page > 0}
          onEarlier={() => setPage((p) => Math.max(0, p - 1))}
          onLater={() => setPage((p) => p + 1)}
        />
        <FieldMessage id={`${form.fieldId("startAt")}-error`} error={errors.startAt} />
      </fieldset>
      <TextField
        id={form.fieldId("reason")}
        label="Reason for the consultation"
        multiline
        value={values.reason}
        onChange={(value) => setPlain("reason", value)}
        error={errors.reason}
        maxLength={1000}
        required
      />
      {outOfState && (
        <TextField
          id={form.fieldId("outOfStateReason")}
          label="Why are you booking a doctor licensed in another state?"
          hint={`Dr. ${doctor.lastName} is licensed in ${doctor.licensedStates.join(", ") || "no state yet"}; your profile says ${
            patientState ?? "no state"
          }.`}
          multiline
          value={values.outOfStateReason}
          onChange={(value) => setPlain("outOfStateReason", value)}
          error={errors.outOfStateReason}
          maxLength={1000}
          required
        />
      )}
      <fieldset className="ui-fieldset stack">
        <legend>Intake form</legend>
        <IntakeFields
          settings={settings}
          values={values}
          errors={errors}
          fieldId={form.fieldId}
          onChange={setPlain}
          onAnswer={setAnswer}
        />
      </fieldset>
      {form.formError && <p className="form-error" role="alert">{form.formError}</p>}
      <div className="row">
        <Button type="submit" loading={form.submitting}>Request consultation</Button>
        <Button variant="text" onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
