import { adminChangeEmailSchema } from "../../../../../sync/schemas/auth.ts";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { fullName } from "../../../lib/session/auth-user.ts";
import { Button, Dialog, TextField, useSnackbar } from "../../../ui/index.ts";
import { FormError } from "../../auth/index.ts";

type Props = { user: AuthUser | null; onClose: () => void; onChanged: (user: AuthUser) => void };

/** `PUT /users/admin/change-email {newEmail, userId}`: an admin corrects someone's email. */
export function AdminChangeEmailDialog({ user, onClose, onChanged }: Props) {
  return (
    <Dialog open={user !== null} title="Change email" onClose={onClose}>
      {user && <ChangeEmailForm user={user} onClose={onClose} onChanged={onChanged} />}
    </Dialog>
  );
}

function ChangeEmailForm({ user, onClose, onChanged }: { user: AuthUser } & Omit<Props, "user">) {
  const api = useApi();
  const notify = useSnackbar();
  const form = useForm({
    schema: adminChangeEmailSchema,
    initial: { newEmail: "" },
    idPrefix: "admin-email",
    toInput: (values) => ({ ...values, userId: user.id }),
  });
  const submit = form.handleSubmit(async (data) => {
    const updated = await api.PUT("/users/admin/change-email", { body: data });
    onChanged(updated && typeof updated === "object" ? updated : { ...user, email: data.newEmail });
    notify(`Email of ${fullName(user)} is changed`, "success");
    onClose();
  });
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Change email">
      <p>Current email of {fullName(user)}: <strong>{user.email}</strong></p>
      <TextField
        id={form.fieldId("newEmail")}
        label="New email"
        type="email"
        value={form.values.newEmail}
        onChange={(value) => form.set("newEmail", value)}
        error={form.errors.newEmail ?? form.errors.userId}
      />
      <FormError message={form.formError} />
      <div className="row">
        <Button type="submit" loading={form.submitting}>Change email</Button>
        <Button variant="text" onClick={onClose}>Cancel</Button>
      </div>
    </form>
  );
}
