import { loginSchema } from "../../../../../sync/schemas/auth.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, TextField, useSnackbar } from "../../../ui/index.ts";
import { useGoAfterSignIn, useSession } from "../hooks/use-session.ts";
import { FormError } from "./FormError.tsx";

type LoginFormProps = { onDone: () => void; onForgot: () => void; onRegister: () => void };

/** Email and password; the server's message (mismatch, not activated, blocked) shows above the button. */
export function LoginForm({ onDone, onForgot, onRegister }: LoginFormProps) {
  const { login } = useSession();
  const goAfterSignIn = useGoAfterSignIn();
  const notify = useSnackbar();
  const form = useForm({ schema: loginSchema, initial: { email: "", password: "" }, idPrefix: "login" });

  const submit = form.handleSubmit(async (data) => {
    const user = await login(data);
    // Neutral: the first sign-in after registering is not a return.
    notify(`Welcome, ${user.firstName || user.email}`, "success");
    onDone();
    goAfterSignIn(user);
  });

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Sign in">
      <TextField
        {...form.field("email")}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <TextField
        {...form.field("password")}
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <FormError message={form.formError} />
      <Button type="submit" block loading={form.submitting}>Sign in</Button>
      <div className="row" style={{ justifyContent: "space-between" }}>
        <Button variant="text" onClick={onForgot}>Forgot password?</Button>
        <Button variant="text" onClick={onRegister}>Create an account</Button>
      </div>
    </form>
  );
}
