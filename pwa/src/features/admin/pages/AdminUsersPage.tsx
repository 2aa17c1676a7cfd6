import { useState } from "react";
import { useSearchParams } from "react-router";
import type { Role } from "../../../../../sync/roles.ts";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";
import { DataTable, EmptyState, LoadError, Pager, Select, Spinner } from "../../../ui/index.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { AdminChangeEmailDialog } from "../components/AdminChangeEmailDialog.tsx";
import { ChooseDoctorDialog } from "../components/ChooseDoctorDialog.tsx";
import { SearchFilters } from "../components/SearchFilters.tsx";
import { UserRow } from "../components/UserRow.tsx";
import { useSearchPaging } from "../hooks/use-search-paging.ts";
import { PAGE_SIZE, useUserList } from "../hooks/use-user-list.ts";

const ROLE_OPTIONS: { value: Role; label: string }[] = [
  { value: "patient", label: "Patients" },
  { value: "doctor", label: "Doctors" },
  { value: "vma", label: "Assistants (VMAs)" },
  { value: "admin", label: "Admins" },
];

const isRole = (value: string | null): value is Role => ROLE_OPTIONS.some((option) => option.value === value);

/** `/admin/patients`: users by role (patients first) with search, paging and the admin's actions on each. */
export function AdminUsersPage() {
  const self = useCurrentUser();
  const [params] = useSearchParams();
  const initialRole = params.get("role");
  const [role, setRole] = useState<Role>(isRole(initialRole) ? initialRole : "patient");
  const [chooseFor, setChooseFor] = useState<AuthUser | null>(null);
  const paging = useSearchPaging();
  const { search, offset, setOffset } = paging;
  const [emailTarget, setEmailTarget] = useState<AuthUser | null>(null);
  const users = useUserList({ role, search, offset });
  const roleLabel = ROLE_OPTIONS.find((option) => option.value === role)?.label ?? role;

  const first = users.totalCount === 0 ? 0 : offset + 1;
  const last = Math.min(offset + PAGE_SIZE, users.totalCount);

  return (
    <div className="stack">
      <title>Patients and users · DPC Telehealth</title>
      <h1>Patients</h1>
      <SearchFilters label="Find users" searchLabel="Search by name or email" paging={paging}>
        <Select
          label="Role"
          value={role}
          options={ROLE_OPTIONS}
          onChange={(value) => {
            setRole(value as Role);
            setOffset(0);
          }}
        />
      </SearchFilters>

      <section aria-labelledby="users-title" aria-busy={users.loading} className="stack">
        <h2 id="users-title">{roleLabel}{users.totalCount ? ` (${users.totalCount})` : ""}</h2>
        {users.loading && users.list.length === 0 && <Spinner size={40} label={`Loading ${roleLabel.toLowerCase()}`} />}
        {users.error && <LoadError error={users.error} onRetry={users.reload} />}
        {!users.loading && !users.error && users.list.length === 0 && (
          <EmptyState title={search ? `No ${roleLabel.toLowerCase()} match “${search}”` : `No ${roleLabel.toLowerCase()} yet`} />
        )}
        {users.list.length > 0 && (
          <DataTable caption={<>{roleLabel}, {first} to {last} of {users.totalCount}</>} columns={["Name", "Email", "Status", "Actions"]}>
            {users.list.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                selfId={self.id}
                onPatch={(change) => users.patch(user.id, change)}
                onChangeEmail={() => setEmailTarget(user)}
                onChooseDoctor={user.role === "patient" ? () => setChooseFor(user) : undefined}
              />
            ))}
          </DataTable>
        )}
        <Pager offset={offset} limit={PAGE_SIZE} total={users.totalCount} busy={users.loading} onChange={setOffset} label="Users pages" />
      </section>
      {chooseFor && (
        <ChooseDoctorDialog
          patient={chooseFor}
          onClose={() => setChooseFor(null)}
          onChosen={(updated) => {
            users.patch(chooseFor.id, { doctor: updated.doctor });
            setChooseFor(null);
          }}
        />
      )}
      <AdminChangeEmailDialog
        user={emailTarget}
        onClose={() => setEmailTarget(null)}
        onChanged={(updated) => emailTarget && users.patch(emailTarget.id, { email: updated.email })}
      />
    </div>
  );
}
