/**
 * `/settings/{userId}` for an admin (01 §6, pwa/docs/settings.md): the user's
 * account as the admin may manage it with the calls that exist: block or
 * unblock (blocking ends every session of theirs), change their email, sign
 * in as them. Their notification choices and sessions stay theirs: an admin
 * reaches them only by signing in as the user, which the audit log records.
 */
import { type ReactNode, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";
import { isApiError } from "../../../lib/api/api-error.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { fullName } from "../../../lib/session/auth-user.ts";
import { Button, LoadError, Spinner, useSnackbar } from "../../../ui/index.ts";
import { BlockUserDialog, SignInAsDialog } from "./UserConfirmDialogs.tsx";
import { useCurrentUser, useGoAfterSignIn, useSession } from "../../auth/index.ts";
import { adminKeys } from "../api.ts";
import { AdminChangeEmailDialog } from "./AdminChangeEmailDialog.tsx";

const ROLE_LABELS: Record<AuthUser["role"], string> = { patient: "Patient", doctor: "Doctor", vma: "Assistant (VMA)", admin: "Admin" };

export const adminUserKey = (id: string) => [...adminKeys.all, "user", id] as const;

/** Renders `notFound` when there is no such user (the server's 404), so the page never says more than "not found". */
export function UserAccountSettings({ userId, notFound }: { userId: string; notFound: ReactNode }) {
  const api = useApi();
  const user = useQuery({
    queryKey: adminUserKey(userId),
    queryFn: async ({ signal }) => {
      const found = await api.GET("/users/{id}", { path: { id: userId }, signal });
      // An admin reads every user in full (edge users/visibility.ts); a doctor's public profile is no account to manage.
      return "email" in found ? found : null;
    },
    retry: false,
  });
  if (user.isPending) return <Spinner size={40} label="Loading the user's settings" />;
  if (user.isError) {
    if (isApiError(user.error) && (user.error.code === 404 || user.error.code === 400)) return <>{notFound}</>;
    return (
      <div className="stack">
        <title>User settings · DPC Telehealth</title>
        <h1>User settings</h1>
        <LoadError error={user.error} onRetry={() => void user.refetch()} />
      </div>
    );
  }
  return user.data ? <ManagedAccount user={user.data} /> : <>{notFound}</>;
}

function ManagedAccount({ user }: { user: AuthUser }) {
  const api = useApi();
  const self = useCurrentUser();
  const client = useQueryClient();
  const notify = useSnackbar();
  const { loginAs } = useSession();
  const goAfterSignIn = useGoAfterSignIn();
  const [dialog, setDialog] = useState<"block" | "email" | "signInAs" | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const name = fullName(user);
  // The server's rules (users/service.ts): nobody blocks a super admin; only a super admin blocks an admin.
  const mayBlock = !user.isSuperAdmin && (user.role !== "admin" || self.isSuperAdmin);
  const mayChangeEmail = user.role !== "admin" || self.isSuperAdmin;
  // Admins cannot sign in as other admins, nor as a blocked user (auth/service.ts).
  const maySignInAs = user.role !== "admin" && !user.isBlocked;
  const refresh = (next: AuthUser) => {
    client.setQueryData(adminUserKey(user.id), next);
    void client.invalidateQueries({ queryKey: adminKeys.all });
  };
  const setBlocked = async (blocked: boolean) => {
    const path = { id: user.id };
    const next = await (blocked ? api.PUT("/users/block/{id}", { path }) : api.PUT("/users/unblock/{id}", { path }));
    refresh(next);
    notify(`${name} is ${blocked ? "blocked" : "unblocked"}`, "success");
  };
  // Confirmed first (issue 32: it acted at once); a failure stays in the confirmation with its reason.
  const signInAs = async () => {
    setSigningIn(true);
    try {
      const target = await loginAs(user.id);
      notify(`You are signed in as ${name}`, "success");
      goAfterSignIn(target);
    } finally {
      setSigningIn(false);
    }
  };

  return (
    <div className="stack">
      <title>{`Settings of ${name} · DPC Telehealth`}</title>
      <h1>Settings of {name}</h1>
      <section className="card stack" aria-labelledby="user-account-title">
        <h2 id="user-account-title">Account</h2>
        <dl className="admin-detail">
          <dt>Role</dt>
          <dd>{ROLE_LABELS[user.role]}{user.isSuperAdmin ? " (super admin)" : ""}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Phone</dt>
          <dd>{user.phoneNumber ? `${user.phoneNumber}${user.isPhoneNumberVerified ? " (verified)" : " (not verified)"}` : "None"}</dd>
          <dt>Status</dt>
          <dd>{user.isBlocked ? "Blocked" : user.isActivated ? "Active" : "Not activated"}</dd>
        </dl>
      </section>

      <section className="card stack" aria-labelledby="user-access-title">
        <h2 id="user-access-title">Access</h2>
        {user.isBlocked
          ? <p>{name} is blocked: they cannot sign in until you unblock them.</p>
          : <p>Blocking signs {name} out on every device at once and keeps them out until you unblock them.</p>}
        {mayBlock
          ? (
            <div>
              <Button variant={user.isBlocked ? "secondary" : "danger"} onClick={() => setDialog("block")}>
                {user.isBlocked ? "Unblock" : "Block"} {name}
              </Button>
            </div>
          )
          : <p className="muted">{user.isSuperAdmin ? "A super admin cannot be blocked." : "Only a super admin may block an admin."}</p>}
      </section>

      <section className="card stack" aria-labelledby="user-email-title">
        <h2 id="user-email-title">Email</h2>
        <p>The address {name} signs in with and receives mail at.</p>
        {mayChangeEmail
          ? <div><Button variant="secondary" onClick={() => setDialog("email")}>Change email</Button></div>
          : <p className="muted">Only a super admin may change another admin's email.</p>}
      </section>

      <section className="card stack" aria-labelledby="user-signin-title">
        <h2 id="user-signin-title">Their own settings</h2>
        <p>
          Notification choices, sessions and password are {name}'s own.
          {maySignInAs && ` To help with them, sign in as ${name}: you see the app as they do, and the audit log records it.`}
        </p>
        {maySignInAs && <div><Button variant="secondary" loading={signingIn} onClick={() => setDialog("signInAs")}>Sign in as {name}</Button></div>}
      </section>

      {dialog === "block" && (
        <BlockUserDialog name={name} blocked={user.isBlocked} onConfirm={() => setBlocked(!user.isBlocked)} onClose={() => setDialog(null)} />
      )}
      {dialog === "signInAs" && <SignInAsDialog name={name} onConfirm={signInAs} onClose={() => setDialog(null)} />}
      <AdminChangeEmailDialog user={dialog === "email" ? user : null} onClose={() => setDialog(null)} onChanged={refresh} />
    </div>
  );
}
