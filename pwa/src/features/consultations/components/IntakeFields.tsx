import type { IntakeFormSettings } from "../../../../../sync/schemas/intake-form.ts";
import { FieldMessage } from "../../../ui/FieldMessage.tsx";
import { TextField } from "../../../ui/index.ts";
import { answerPath, BOOKING_PATHS, type BookingValues, VITALS_PATH } from "../lib/booking-form.ts";
import { ChoiceGroup } from "./ChoiceGroup.tsx";

type PlainName = keyof typeof BOOKING_PATHS;

export type IntakeFieldsProps = {
  settings: Pick<IntakeFormSettings, "vitalsEnabled" | "vitalsRequired" | "fields"> | null;
  values: BookingValues;
  errors: Record<string, string>;
  fieldId: (path: string) => string;
  onChange: (name: PlainName, value: string) => void;
  onAnswer: (fieldId: string, value: string | boolean | null) => void;
};

/** 02 §3 intake form: health changes, vitals (when the doctor asks), illness history and the doctor's own questions. */
export function IntakeFields({ settings, values, errors, fieldId, onChange, onAnswer }: IntakeFieldsProps) {
  const plain = (name: PlainName) => ({
    id: fieldId(BOOKING_PATHS[name]),
    value: values[name] as string,
    onChange: (value: string) => onChange(name, value),
    error: errors[BOOKING_PATHS[name]],
  });
  return (
    <div className="stack">
      <TextField label="Changes in your health since your last visit" multiline {...plain("healthChanges")} maxLength={2000} />
      {settings?.vitalsEnabled && (
        <fieldset className="ui-fieldset stack" aria-describedby={errors[VITALS_PATH] ? `${fieldId(VITALS_PATH)}-error` : undefined}>
          <legend>Vitals {settings.vitalsRequired ? "(fill in at least one)" : "(optional)"}</legend>
          <div className="form-grid form-grid--two">
            <TextField label="Weight (lbs)" inputMode="decimal" autoComplete="off" {...plain("weight")} />
            <TextField label="Height (inches)" inputMode="decimal" autoComplete="off" {...plain("height")} />
            <TextField label="Blood pressure" hint="Like 120/80" autoComplete="off" {...plain("bloodPressure")} />
            <TextField
              label="Pulse (beats a minute)"
              hint="Count the beats for 6 seconds and multiply by 10"
              inputMode="numeric"
              autoComplete="off"
              {...plain("pulse")}
            />
          </div>
          <FieldMessage id={`${fieldId(VITALS_PATH)}-error`} error={errors[VITALS_PATH]} />
        </fieldset>
      )}
      <TextField label="Past illnesses and conditions" multiline {...plain("illnessHistory")} maxLength={2000} />
      {settings?.fields.map((field) => {
        const path = answerPath(field.id);
        const label = `${field.question}${field.required ? " (required)" : ""}`;
        const answer = values.answers[field.id];
        if (field.inputType === "yesNo") {
          return (
            <ChoiceGroup
              key={field.id}
              legend={label}
              name={`answer-${field.id}`}
              id={fieldId(path)}
              options={[{ value: "yes", label: "Yes" }, { value: "no", label: "No" }]}
              value={answer === true ? "yes" : answer === false ? "no" : ""}
              onChange={(value) => onAnswer(field.id, value === "yes")}
              error={errors[path]}
            />
          );
        }
        return (
          <TextField
            key={field.id}
            id={fieldId(path)}
            label={label}
            multiline={field.inputType === "textarea"}
            inputMode={field.inputType === "number" ? "decimal" : undefined}
            value={typeof answer === "string" ? answer : ""}
            onChange={(value) => onAnswer(field.id, value)}
            error={errors[path]}
            required={field.required}
            maxLength={2000}
          />
        );
      })}
    </div>
  );
}
