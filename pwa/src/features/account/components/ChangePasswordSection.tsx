import { changePasswordSchema } from "../../../../../sync/schemas/auth.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { parseTokenPair } from "../../../lib/session/auth-user.ts";
import { useSnackbar } from "../../../ui/index.ts";
import { NewPasswordForm, useCurrentUser, useSession } from "../../auth/index.ts";
import { usePasswordChanged } from "../../sync/index.ts";

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

  return (
    <NewPasswordForm
      schema={changePasswordSchema}
      idPrefix="change-password"
      label="Change password"
      passwordLabel="New password"
      submitLabel="Change password"
      withCurrentPassword
      inlineButton
      onSubmit={async (data) => {
        const result = await api.POST("/users/change-password", { body: data });
        replaceTokens(parseTokenPair(result));
        await passwordChanged(data.password);
        setUser({ ...user, lastPasswordChangedAt: result.lastPasswordChangedAt });
        notify("Your password is changed", "success");
      }}
    >
      {user.lastPasswordChangedAt && (
        <p className="muted">Last changed {new Date(user.lastPasswordChangedAt).toLocaleDateString()}</p>
      )}
    </NewPasswordForm>
  );
}
