import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { medicalCardSchema } from "../../../../../sync/schemas/medical-card.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, Checkbox, Select, useSnackbar } from "../../../ui/index.ts";
import { FormError, useCurrentUser, useSession } from "../../auth/index.ts";
import { RecordList } from "./RecordList.tsx";
import {
  emptyRow,
  type ListName,
  type MedicalCardValues,
  type Row,
  SOCIAL_OPTIONS,
} from "../medical-card-form.ts";

/** The social history's questions, in the order they are asked. */
const SOCIAL_FIELDS: [keyof MedicalCardValues["socialHistory"], string][] = [
  ["tobacco", "Tobacco"],
  ["alcohol", "Alcohol"],
  ["drugs", "Recreational drugs"],
];

/**
 * The medical card form. Saving it (`PUT /patient/medicalCard`) answers the
 * updated user with the profile marked filled, which lifts the guard that
 * keeps new patients on /fillProfile.
 */
export function MedicalCardForm({ initial }: { initial: MedicalCardValues }) {
  const user = useCurrentUser();
  const { setUser } = useSession();
  const api = useApi();
  const navigate = useNavigate();
  const notify = useSnackbar();
  const isFirstFill = Boolean(user.profileNotFilledStage);
  const form = useForm({
    schema: medicalCardSchema,
    initial,
    idPrefix: "card",
  });
  const { values, errors, fieldId } = form;

  const setList = (name: ListName, rows: Row[]) => form.set(name, rows);
  const addRow = (name: ListName) => form.set(name, [...values[name], emptyRow(name)]);
  const setSocial = (key: keyof MedicalCardValues["socialHistory"], value: string) =>
    form.set("socialHistory", { ...values.socialHistory, [key]: value });

  const submit = form.handleSubmit(async (data) => {
    setUser(await api.PUT("/patient/medicalCard", { body: data }));
    notify("Your medical card is saved", "success");
    navigate("/home", { replace: true });
  });

  const list = (name: ListName, before?: ReactNode, hidden = false) => (
    <RecordList
      name={name}
      rows={values[name]}
      onChange={(rows) => setList(name, rows)}
      onAdd={() => addRow(name)}
      errors={errors}
      fieldId={fieldId}
      before={before}
      hidden={hidden}
    />
  );

  // A list that may be answered "none": the box above it, and the list hidden while it is ticked and empty.
  const listOrNone = (
    name: "allergies" | "familyHistory",
    none: "allergiesNoSignificant" | "familyHistoryNoSignificant",
    noneLabel: string,
  ) =>
    list(
      name,
      <Checkbox id={fieldId(none)} label={noneLabel} checked={values[none]} onChange={(checked) => form.set(none, checked)}
        error={errors[none]} />,
      values[none] && values[name].length === 0,
    );

  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="card-title">
      <h1 id="card-title">{isFirstFill ? "Tell us about your health" : "Your medical card"}</h1>
      <p className="muted">
        {isFirstFill
          ? "Before you start, fill in your medical card. Your doctor reads it before every consultation."
          : "Keep this up to date so your doctor can help you safely."}
      </p>
      {listOrNone("allergies", "allergiesNoSignificant", "No known allergies")}
      {list("medications")}
      {list("pastMedicalHistory")}
      {list("surgicalHistory")}
      {listOrNone("familyHistory", "familyHistoryNoSignificant", "Nothing significant")}
      <section className="card stack" aria-labelledby="social-title">
        <h2 id="social-title">Social history</h2>
        <div className="form-grid form-grid--two">
          {SOCIAL_FIELDS.map(([key, label]) => (
            <Select
              key={key}
              id={fieldId(`socialHistory.${key}`)}
              label={label}
              required
              placeholder="Choose…"
              options={SOCIAL_OPTIONS[key]}
              value={values.socialHistory[key]}
              onChange={(value) => setSocial(key, value)}
              error={errors[`socialHistory.${key}`]}
            />
          ))}
        </div>
      </section>
      <FormError message={form.formError} />
      <div>
        <Button type="submit" loading={form.submitting}>Save medical card</Button>
      </div>
    </form>
  );
}
