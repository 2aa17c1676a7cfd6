import { useState } from "react";
import { resetRequestSchema } from "../../../../../sync/schemas/auth.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { ApiError } from "../../../lib/api/api-error.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, TextField } from "../../../ui/index.ts";
import { FormError } from "./FormError.tsx";

export const RESET_SENT_MESSAGE = "If that email is registered, a reset link is on its way.";

/**
 * Asks for a reset link. The answer is the same whether or not the email is
 * registered, so the form cannot be used to find out who has an account.
 */
export function ForgotPasswordForm({ onBackToLogin }: { onBackToLogin: () => void }) {
  const api = useApi();
  const [sent, setSent] = useState(false);
  const form = useForm({ schema: resetRequestSchema, initial: { email: "" }, idPrefix: "forgot" });

  const submit = form.handleSubmit(async (data) => {
    try {
      await api.POST("/users/reset/request", { body: data, auth: false });
    } catch (error) {
      // Only trouble reaching the server is worth telling; "not registered" is not.
      if (error instanceof ApiError && (error.isNetworkError || error.code >= 500 || error.code === 400)) throw error;
    }
    setSent(true);
  });

  if (sent) {
    return (
      <div className="stack">
        <p className="notice notice--success" role="status">{RESET_SENT_MESSAGE}</p>
        <Button onClick={onBackToLogin}>Back to sign in</Button>
      </div>
    );
  }
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Reset your password">
      <p className="muted">Enter the email you registered with and we will send you a link to set a new password.</p>
      <TextField
        {...form.field("email")}
        label="Email"
        type="email"
        autoComplete="email"
        required
      />
      <FormError message={form.formError} />
      <Button type="submit" block loading={form.submitting}>Send reset link</Button>
      <Button variant="text" onClick={onBackToLogin}>Back to sign in</Button>
    </form>
  );
}
