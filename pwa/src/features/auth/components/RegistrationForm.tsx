import { useState } from "react";
import { registrationSchema } from "../../../../../sync/schemas/auth.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, TextField, useSnackbar } from "../../../ui/index.ts";
import {
  checkRegistrationExtras,
  initialRegistration,
  register,
  REGISTERED_MESSAGE,
  type RegistrationValues,
  toRegistrationInput,
} from "../registration.ts";
import { AgreementFields } from "./AgreementFields.tsx";
import { DoctorFields } from "./DoctorFields.tsx";
import { FormError } from "./FormError.tsx";
import { PasswordFields } from "./PasswordFields.tsx";
import { PersonalFields } from "./PersonalFields.tsx";
import { SignatureField } from "./SignatureField.tsx";
import { RoleChoice } from "./RoleChoice.tsx";

/** Sign-up for patients and doctors' applications; validated with the shared schema before it is sent. */
export function RegistrationForm({ onLogin }: { onLogin: () => void }) {
  const api = useApi();
  const notify = useSnackbar();
  const [done, setDone] = useState(false);
  const form = useForm({
    schema: registrationSchema,
    initial: initialRegistration(),
    idPrefix: "register",
    toInput: toRegistrationInput,
    extraCheck: checkRegistrationExtras,
  });
  const { values, errors, fieldId, field } = form;
  const set = <K extends keyof RegistrationValues>(name: K, value: RegistrationValues[K]) => form.set(name, value);

  const submit = form.handleSubmit(async (data) => {
    await register(api, data, values.sign);
    notify(REGISTERED_MESSAGE, "success");
    setDone(true);
  });

  if (done) {
    return (
      <div className="stack">
        <p className="notice notice--success" role="status">
          <strong>{REGISTERED_MESSAGE}.</strong> We sent a link to {values.email}; open it to activate your account
          {values.role === "doctor" ? ". An administrator then reviews your application." : "."}
        </p>
        <Button onClick={onLogin}>Go to sign in</Button>
      </div>
    );
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Create an account">
      <RoleChoice value={values.role} onChange={(role) => set("role", role)} />
      <TextField
        {...field("email")}
        label="Email"
        type="email"
        autoComplete="email"
        required
      />
      <div className="form-grid form-grid--two">
        <PasswordFields form={form} />
      </div>
      <PersonalFields values={values} set={(name, value) => set(name, value)} errors={errors} fieldId={fieldId} />
      {values.role === "doctor" && (
        <>
          <DoctorFields
            values={values}
            set={(name, value) => set(name, value)}
            setLicensedStates={(value) => set("licensedStates", value)}
            errors={errors}
            fieldId={fieldId}
          />
          <SignatureField
            id={fieldId("sign")}
            file={values.sign}
            onChange={(file) => set("sign", file)}
            error={errors.sign}
          />
        </>
      )}
      <AgreementFields
        value={values.agreements}
        onChange={(value) => set("agreements", value)}
        error={errors.agreements}
        fieldId={fieldId}
      />
      <FormError message={form.formError} />
      <Button type="submit" block loading={form.submitting}>
        {values.role === "doctor" ? "Apply as a doctor" : "Create account"}
      </Button>
      <Button variant="text" onClick={onLogin}>I already have an account</Button>
    </form>
  );
}
