import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useDismiss } from "../../ui/use-dismiss.ts";
import { Link, useLocation, useNavigate } from "react-router";
import type { AuthUser } from "../../../../sync/schemas/user.ts";
import { useSession } from "../../features/auth/hooks/use-session.ts";
import { fullName } from "../../lib/session/auth-user.ts";
import { useSnackbar } from "../../ui/index.ts";
import { useGuardedSignOut } from "../../features/sync/index.ts";

/** A disclosure with the account's links; Esc or a click outside closes it. */
export function AccountMenu({ user }: { user: AuthUser }) {
  const { logout } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useSnackbar();
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const [busy, setBusy] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => setOpen(false), [location.pathname]);
  useDismiss(open, closeMenu, rootRef, buttonRef);

  const signOut = useGuardedSignOut(async () => {
    setBusy(true);
    await logout();
    notify("You are signed out", "info");
    navigate("/", { replace: true });
  });
  const onLogout = () => {
    setOpen(false);
    void signOut.request();
  };

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="account-menu__avatar" aria-hidden="true">{initials(user)}</span>
        <span className="account-menu__name">{fullName(user)}</span>
        <span className="visually-hidden">, account menu</span>
      </button>
      <ul id={listId} className="account-menu__list" hidden={!open}>
        <li><Link to="/profile">Profile</Link></li>
        <li><Link to="/settings">Settings</Link></li>
        <li>
          <button type="button" onClick={onLogout} disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Signing out…" : "Log out"}
          </button>
        </li>
      </ul>
      {signOut.dialog}
    </div>
  );
}

function initials(user: AuthUser): string {
  const text = `${user.firstName?.[0] ?? ""}${user.lastName?.[0] ?? ""}`.toUpperCase();
  return text || user.email[0]?.toUpperCase() || "?";
}
