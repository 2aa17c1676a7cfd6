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

  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="card-title">
      <h1 id="card-title">{isFirstFill ? "Tell us about your health" : "Your medical card"}</h1>
      <p className="muted">
        {isFirstFill
          ? "Before you start, fill in your medical card. Your doctor reads it before every consultation."
          : "Keep this up to date so your doctor can help you safely."}
      </p>
      {list(
        "allergies",
        <Checkbox
          id={fieldId("allergiesNoSignificant")}
          label="No known allergies"
          checked={values.allergiesNoSignificant}
          onChange={(checked) => form.set("allergiesNoSignificant", checked)}
          error={errors.allergiesNoSignificant}
        />,
        values.allergiesNoSignificant && values.allergies.length === 0,
      )}
      {list("medications")}
      {list("pastMedicalHistory")}
      {list("surgicalHistory")}
      {list(
        "familyHistory",
        <Checkbox
          id={fieldId("familyHistoryNoSignificant")}
          label="Nothing significant"
          checked={values.familyHistoryNoSignificant}
          onChange={(checked) => form.set("familyHistoryNoSignificant", checked)}
          error={errors.familyHistoryNoSignificant}
        />,
        values.familyHistoryNoSignificant && values.familyHistory.length === 0,
      )}
      <section className="card stack" aria-labelledby="social-title">
        <h2 id="social-title">Social history</h2>
        <div className="form-grid form-grid--two">
          <Select
            id={fieldId("socialHistory.tobacco")}
            label="Tobacco"
            required
            placeholder="Choose…"
            options={SOCIAL_OPTIONS.tobacco}
            value={values.socialHistory.tobacco}
            onChange={(value) => setSocial("tobacco", value)}
            error={errors["socialHistory.tobacco"]}
          />
          <Select
            id={fieldId("socialHistory.alcohol")}
            label="Alcohol"
            required
            placeholder="Choose…"
            options={SOCIAL_OPTIONS.alcohol}
            value={values.socialHistory.alcohol}
            onChange={(value) => setSocial("alcohol", value)}
            error={errors["socialHistory.alcohol"]}
          />
          <Select
            id={fieldId("socialHistory.drugs")}
            label="Recreational drugs"
            required
            placeholder="Choose…"
            options={SOCIAL_OPTIONS.drugs}
            value={values.socialHistory.drugs}
            onChange={(value) => setSocial("drugs", value)}
            error={errors["socialHistory.drugs"]}
          />
        </div>
      </section>
      <FormError message={form.formError} />
      <div>
        <Button type="submit" loading={form.submitting}>Save medical card</Button>
      </div>
    </form>
  );
}
