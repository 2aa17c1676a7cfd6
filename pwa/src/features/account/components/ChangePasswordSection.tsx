import { changePasswordSchema } from "../../../../../sync/schemas/auth.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { parseTokenPair } from "../../../lib/session/auth-user.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, TextField, useSnackbar } from "../../../ui/index.ts";
import { FormError, PasswordFields, useCurrentUser, useSession } from "../../auth/index.ts";
import { usePasswordChanged } from "../../sync/index.ts";

const EMPTY = { currentPassword: "", password: "", repeatPassword: "" };

/**
 * `POST /users/change-password` answers a new token pair (the server ends
 * the other sessions) and the change date (01 §4).
 */
export function ChangePasswordSection() {
  const api = useApi();
  const user = useCurrentUser();
  const { replaceTokens, setUser } = useSession();
  const notify = useSnackbar();
  const passwordChanged = usePasswordChanged();
  const form = useForm({ schema: changePasswordSchema, initial: EMPTY, idPrefix: "change-password" });

  const submit = form.handleSubmit(async (data) => {
    const result = await api.POST("/users/change-password", { body: data });
    replaceTokens(parseTokenPair(result));
    await passwordChanged(data.password);
    setUser({ ...user, lastPasswordChangedAt: result.lastPasswordChangedAt });
    form.setValues(() => EMPTY);
    notify("Your password is changed", "success");
  });

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Change password">
      {user.lastPasswordChangedAt && (
        <p className="muted">Last changed {new Date(user.lastPasswordChangedAt).toLocaleDateString()}</p>
      )}
      <TextField
        id={form.fieldId("currentPassword")}
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        value={form.values.currentPassword}
        onChange={(value) => form.set("currentPassword", value)}
        error={form.errors.currentPassword}
      />
      <PasswordFields
        label="New password"
        password={form.values.password}
        repeatPassword={form.values.repeatPassword}
        onChange={(name, value) => form.set(name, value)}
        errors={form.errors}
        fieldId={form.fieldId}
      />
      <FormError message={form.formError} />
      <div>
        <Button type="submit" loading={form.submitting}>Change password</Button>
      </div>
    </form>
  );
}
