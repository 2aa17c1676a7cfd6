import { useState } from "react";
import { confirmPhoneSchema, phoneChangeSchema } from "../../../../../sync/schemas/auth.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, TextField, useSnackbar } from "../../../ui/index.ts";
import { FormError, useCurrentUser, useSession } from "../../auth/index.ts";
import { SendCodeButton } from "./SendCodeButton.tsx";

/**
 * Phone: save a number (`PUT /users/phone`, marks it unverified), send a code
 * by SMS, confirm it (`POST /users/me/2fa/confirm-phone`, marks it verified).
 */
export function PhoneSection() {
  const api = useApi();
  const user = useCurrentUser();
  const { setUser } = useSession();
  const notify = useSnackbar();
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const phoneForm = useForm({ schema: phoneChangeSchema, initial: { phone: user.phoneNumber ?? "" }, idPrefix: "phone" });
  const codeForm = useForm({ schema: confirmPhoneSchema, initial: { verificationCode: "" }, idPrefix: "phone-code" });

  const savePhone = phoneForm.handleSubmit(async (data) => {
    setUser(await api.PUT("/users/phone", { body: data }));
    setCodeSentTo(null);
    notify("Phone saved. Send a code to verify it.", "success");
  });
  const confirm = codeForm.handleSubmit(async (data) => {
    setUser(await api.POST("/users/me/2fa/confirm-phone", { body: data }));
    codeForm.setValues(() => ({ verificationCode: "" }));
    setCodeSentTo(null);
    notify("Your phone is verified", "success");
  });

  return (
    <div className="stack">
      <p>
        {user.phoneNumber
          ? <>Your phone is <strong>{user.phoneNumber}</strong>, {user.isPhoneNumberVerified ? "verified" : "not verified yet"}.</>
          : "You have no phone number yet."}
      </p>
      <form className="stack" onSubmit={savePhone} noValidate aria-label="Phone number">
        <TextField
          {...phoneForm.field("phone")}
          label="Phone number"
          type="tel"
          autoComplete="tel"
          hint="US numbers may omit the +1"
        />
        <FormError message={phoneForm.formError} />
        <div>
          <Button type="submit" variant="secondary" loading={phoneForm.submitting}>Save phone</Button>
        </div>
      </form>
      {user.phoneNumber && !user.isPhoneNumberVerified && (
        <div className="stack">
          <SendCodeButton onSent={setCodeSentTo} label="Send verification code" />
          {codeSentTo && (
            <form className="stack" onSubmit={confirm} noValidate aria-label="Confirm phone">
              <p role="status">We sent a six-digit code to {codeSentTo}.</p>
              <TextField
                {...codeForm.field("verificationCode")}
                label="Verification code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
              <FormError message={codeForm.formError} />
              <div>
                <Button type="submit" loading={codeForm.submitting}>Confirm</Button>
              </div>
            </form>
          )}
        </div>
      )}
    </div>
  );
}
