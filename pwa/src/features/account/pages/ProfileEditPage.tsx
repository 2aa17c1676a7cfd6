import { Link, useNavigate } from "react-router";
import { userUpdateSchema } from "../../../../../sync/schemas/user.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, TextField, useSnackbar } from "../../../ui/index.ts";
import { DoctorFields, FormError, PersonalFields, useCurrentUser, useSession } from "../../auth/index.ts";
import { changedFields, profileValues, type ProfileValues } from "../profile-edit.ts";

/** `/profile/edit`: `PUT /users/{id}` with the fields that changed, checked by `userUpdateSchema`. */
export function ProfileEditPage() {
  const user = useCurrentUser();
  const { setUser } = useSession();
  const api = useApi();
  const navigate = useNavigate();
  const notify = useSnackbar();
  const form = useForm({
    schema: userUpdateSchema,
    initial: profileValues(user),
    idPrefix: "profile",
    toInput: (values: ProfileValues) => changedFields(user, values),
  });
  const { values, errors, fieldId, field } = form;
  const set = (name: string, value: string) => form.set(name as keyof ProfileValues, value);

  const submit = form.handleSubmit(async (data) => {
    if (Object.keys(data).length === 0) {
      notify("Nothing to save: no field has changed", "info");
      return;
    }
    setUser(await api.PUT("/users/{id}", { path: { id: user.id }, body: data }));
    notify("Your profile is saved", "success");
    navigate("/profile");
  });

  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="profile-edit-title">
      <title>Edit profile · DPC Telehealth</title>
      <h1 id="profile-edit-title">Edit profile</h1>
      <p className="muted">
        Your email and phone have their own verified steps in <Link to="/settings">Settings</Link>.
      </p>
      <section className="card stack" aria-label="Personal details">
        <PersonalFields values={values} set={set} errors={errors} fieldId={fieldId} withPhone={false} />
      </section>
      {user.role === "doctor" && (
        <section className="card stack" aria-label="Professional details">
          <TextField
            {...field("bio")}
            label="About you"
            hint="Patients read this when they choose a doctor."
            multiline
            maxLength={2000}
          />
          <DoctorFields
            values={values}
            set={set}
            setLicensedStates={(value) => form.set("licensedStates", value)}
            errors={errors}
            fieldId={fieldId}
          />
        </section>
      )}
      <FormError message={form.formError} />
      <div className="row">
        <Button type="submit" loading={form.submitting}>Save changes</Button>
        <Link to="/profile" className="ui-button ui-button--text">Cancel</Link>
      </div>
    </form>
  );
}
