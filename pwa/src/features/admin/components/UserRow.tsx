import { useState } from "react";
import { Link } from "react-router";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { fullName } from "../../../lib/session/auth-user.ts";
import { Button, useSnackbar } from "../../../ui/index.ts";
import { BlockUserDialog, SignInAsDialog } from "./UserConfirmDialogs.tsx";
import { useGoAfterSignIn, useSession } from "../../auth/index.ts";

type UserRowProps = {
  user: AuthUser;
  selfId: string;
  onPatch: (change: Partial<AuthUser>) => void;
  onChangeEmail: () => void;
  /** Patients: choose their doctor (`POST /doctors/choose/admin`). */
  onChooseDoctor?: () => void;
};

/** One user with the admin's actions: block or unblock, sign in as, change email. */
export function UserRow({ user, selfId, onPatch, onChangeEmail, onChooseDoctor }: UserRowProps) {
  const api = useApi();
  const { loginAs } = useSession();
  const goAfterSignIn = useGoAfterSignIn();
  const notify = useSnackbar();
  const [busy, setBusy] = useState<"block" | "login" | null>(null);
  /** Block, unblock and sign in as are confirmed first (issue 32: they acted on one click). */
  const [confirming, setConfirming] = useState<"block" | "login" | null>(null);
  const name = fullName(user);
  const isSelf = user.id === selfId;

  // A failure stays in the confirmation, with its reason.
  const toggleBlock = async () => {
    setBusy("block");
    const path = { id: user.id };
    try {
      await (user.isBlocked ? api.PUT("/users/unblock/{id}", { path }) : api.PUT("/users/block/{id}", { path }));
      onPatch({ isBlocked: !user.isBlocked });
      notify(`${name} is ${user.isBlocked ? "unblocked" : "blocked"}`, "success");
    } finally {
      setBusy(null);
    }
  };
  const signInAs = async () => {
    setBusy("login");
    try {
      const target = await loginAs(user.id);
      notify(`You are signed in as ${name}`, "success");
      goAfterSignIn(target);
    } finally {
      setBusy(null);
    }
  };

  return (
    <tr>
      <td>
        <strong>{isSelf ? name : <Link to={`/settings/${encodeURIComponent(user.id)}`}>{name}</Link>}</strong>
        {user.role === "doctor" && user.applicationStatus && (
          <div className="muted">Application: {user.applicationStatus}</div>
        )}
        {user.role === "patient" && (
          <div className="muted">Doctor: {user.doctor ? `${user.doctor.firstName} ${user.doctor.lastName}` : "none yet"}</div>
        )}
      </td>
      <td>{user.email}</td>
      <td>
        {user.isBlocked ? <span className="status status--blocked">Blocked</span> : (
          user.isActivated === false
            ? <span className="status status--pending">Not activated</span>
            : <span className="status">Active</span>
        )}
      </td>
      <td>
        {isSelf ? <span className="muted">You</span> : (
          <div className="row">
            <Button variant={user.isBlocked ? "secondary" : "danger"} loading={busy === "block"} onClick={() => setConfirming("block")}
              aria-label={`${user.isBlocked ? "Unblock" : "Block"} ${name}`}>
              {user.isBlocked ? "Unblock" : "Block"}
            </Button>
            <Button variant="secondary" loading={busy === "login"} onClick={() => setConfirming("login")} aria-label={`Sign in as ${name}`}>
              Sign in as
            </Button>
            <Button variant="text" onClick={onChangeEmail} aria-label={`Change email of ${name}`}>Change email</Button>
            {onChooseDoctor && (
              <Button variant="text" onClick={onChooseDoctor} aria-label={`Choose a doctor for ${name}`}>Choose doctor</Button>
            )}
          </div>
        )}
        {confirming === "block" && (
          <BlockUserDialog name={name} blocked={user.isBlocked} onConfirm={toggleBlock} onClose={() => setConfirming(null)} />
        )}
        {confirming === "login" && <SignInAsDialog name={name} onConfirm={signInAs} onClose={() => setConfirming(null)} />}
      </td>
    </tr>
  );
}
