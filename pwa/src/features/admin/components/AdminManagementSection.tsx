import { useState } from "react";
import { type AdminView, createAdminSchema } from "../../../../../sync/schemas/admin.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, Checkbox, ConfirmDialog, DataTable, Pager, QueryState, Select, TextField, useSnackbar } from "../../../ui/index.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { dateOnly, PAGE_SIZE, type QueryOf, useAdminMutation, useAdmins } from "../api.ts";

type AdminsQuery = QueryOf<"/admins/list">;
/** The orders offered, each a `sort` and `direction` of `GET /admins/list`. */
const SORTS: { value: string; label: string; sort: AdminsQuery["sort"]; direction: AdminsQuery["direction"] }[] = [
  { value: "name:asc", label: "Name (A–Z)", sort: "name", direction: "asc" },
  { value: "name:desc", label: "Name (Z–A)", sort: "name", direction: "desc" },
  { value: "email:asc", label: "Email", sort: "email", direction: "asc" },
  { value: "createdAt:desc", label: "Newest first", sort: "createdAt", direction: "desc" },
  { value: "createdAt:asc", label: "Oldest first", sort: "createdAt", direction: "asc" },
];

const NO_INVITATION = { email: "", isSuperAdmin: false };

/** Settings → admin management (super admins): list, search, sort, invite by email, delete. */
export function AdminManagementSection() {
  const self = useCurrentUser();
  const api = useApi();
  const notify = useSnackbar();
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState("name:asc");
  const [offset, setOffset] = useState(0);
  // Every failure is said beside the email (the form's one text field), not in a snackbar.
  const invitation = useForm({ schema: createAdminSchema, initial: NO_INVITATION, idPrefix: "invite-admin", announceFailure: false });
  const [removing, setRemoving] = useState<AdminView | null>(null);
  const order = SORTS.find((s) => s.value === sort) ?? SORTS[0];
  const admins = useAdmins(
    { search: search.trim() || undefined, sort: order.sort, direction: order.direction, offset, limit: PAGE_SIZE },
    self.isSuperAdmin,
  );
  const create = useAdminMutation((input: { email: string; isSuperAdmin: boolean }) => api.POST("/admins", { body: input }));
  const remove = useAdminMutation((id: string) => api.DELETE("/admins/byId/{id}", { path: { id } }));

  if (!self.isSuperAdmin) return <p>Only a super admin manages administrators.</p>;

  const invite = invitation.handleSubmit(async (input) => {
    const created = await create.mutateAsync(input);
    notify(`An invitation is on its way to ${created.email}`, "success");
    invitation.setValues(() => NO_INVITATION);
  });
  const emailError = invitation.errors.email ?? Object.values(invitation.errors)[0] ?? invitation.formError ?? undefined;

  return (
    <div className="stack">
      <form className="stack" onSubmit={invite} aria-label="Invite an admin" noValidate>
        <TextField label="New admin's email" type="email" value={invitation.values.email} onChange={(v) => invitation.set("email", v)}
          error={emailError} autoComplete="off" />
        <Checkbox label="Super admin (may manage admins)" checked={invitation.values.isSuperAdmin}
          onChange={(on) => invitation.set("isSuperAdmin", on)} />
        <div><Button type="submit" loading={invitation.submitting}>Send invitation</Button></div>
      </form>
      <div className="form-grid form-grid--two">
        <TextField label="Search admins" type="search" value={search} onChange={(v) => {
          setSearch(v);
          setOffset(0);
        }} />
        <Select label="Sort by" value={sort} options={SORTS} onChange={setSort} />
      </div>
      <QueryState label="admins" isPending={admins.isPending} error={admins.error} refetch={() => void admins.refetch()}
        empty={admins.data?.list.length === 0} emptyTitle="No admin matches">
        <DataTable caption="Administrators" columns={["Name", "Email", "Role", "Since", "Actions"]}>
          {admins.data?.list.map((a) => (
            <tr key={a.id}>
              <td>{`${a.firstName} ${a.lastName}`.trim()}</td>
              <td>{a.email}{!a.isActivated && <span className="muted"> (invited)</span>}</td>
              <td>{a.isSuperAdmin ? "Super admin" : "Admin"}</td>
              <td>{dateOnly(a.createdAt)}</td>
              <td>
                {a.id === self.id ? <span className="muted">You</span> : (
                  <Button variant="danger" onClick={() => setRemoving(a)} aria-label={`Delete admin ${a.email}`}>Delete</Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </QueryState>
      <Pager offset={offset} limit={PAGE_SIZE} total={admins.data?.totalCount ?? 0} busy={admins.isPlaceholderData} onChange={setOffset} />
      {removing && (
        <ConfirmDialog
          title={`Delete ${removing.email}?`}
          summary="This administrator's account is removed and their sessions end. The last super admin cannot be deleted."
          confirmLabel="Delete"
          danger
          onConfirm={async () => {
            await remove.mutateAsync(removing.id);
            notify(`${removing.email} is deleted`, "success");
            setRemoving(null);
          }}
          onClose={() => setRemoving(null)}
          describeFailure={errorMessage}
        />
      )}
    </div>
  );
}
