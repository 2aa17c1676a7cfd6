import { lazy, Suspense, useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { homePath } from "../../../../sync/rules/home-path.ts";
import { openAuthDialog } from "../../features/auth/auth-dialog-events.ts";
import { useSession } from "../../features/auth/hooks/use-session.ts";
import { SyncStatusIndicator } from "../../features/sync/components/SyncStatusIndicator.tsx";
import { RefusedChanges } from "../../features/sync/components/RefusedChanges.tsx";
import { UnlockDialog } from "../../features/sync/components/UnlockDialog.tsx";
import { Banner, Button } from "../../ui/index.ts";
import { useSyncStatus } from "../../features/sync/hooks/use-sync-status.ts";
import { useWaitingNoteTexts } from "../../features/sync/hooks/use-waiting-note-texts.ts";
import { navItemsFor } from "../nav-items.ts";
import { AccountMenu } from "./AccountMenu.tsx";
import { MoreNav } from "./MoreNav.tsx";

// Signed-in parts of the header load with their features, not with the landing page (issue 19).
const HeaderBell = lazy(() => import("../../features/notifications/lazy.ts").then((m) => ({ default: m.HeaderBell })));
const SessionEvents = lazy(() => import("../../features/notifications/lazy.ts").then((m) => ({ default: m.SessionEvents })));
const FaxCounter = lazy(() => import("../../features/documents/lazy.ts").then((m) => ({ default: m.FaxCounter })));
const WaitingTextSender = lazy(() => import("../../features/notes/sender.ts").then((m) => ({ default: m.WaitingTextSender })));
const ActingDoctorSwitch = lazy(() => import("../../features/team/lazy.ts").then((m) => ({ default: m.ActingDoctorSwitch })));

/**
 * The top bar: logo, the role's navigation and the account menu. Under
 * 768px the navigation folds behind a menu button (aria-expanded).
 */
export function Header() {
  const { user, internetFailure } = useSession();
  const { online } = useSyncStatus();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const items = navItemsFor(user);

  // A followed link closes the mobile menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="app-header">
      <div className="app-header__bar">
        <Link to={homePath(user)} className="app-header__logo">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>DPC Telehealth</span>
        </Link>
        {/* Outside the folding navigation: the sync state stays visible on phones. */}
        <SyncStatusIndicator />
        <RefusedChanges />
        <Suspense fallback={null}>
          {user && <HeaderBell />}
          {(user?.role === "doctor" || user?.role === "vma") && <FaxCounter role={user.role} />}
          {user?.role === "vma" && <ActingDoctorSwitch />}
          {(user?.role === "doctor" || user?.role === "vma") && <WaitingTextGate />}
        </Suspense>
        <button
          type="button"
          className="app-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-navigation"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">{menuOpen ? "✕" : "☰"}</span>
          <span className="visually-hidden">Menu</span>
        </button>
        <nav
          id="main-navigation"
          className={menuOpen ? "app-nav app-nav--open" : "app-nav"}
          aria-label="Main"
        >
          <ul className="app-nav__list">
            {items.filter((item) => !item.more).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/admin"} className="app-nav__link">{item.label}</NavLink>
              </li>
            ))}
            <MoreNav items={items.filter((item) => item.more)} />
          </ul>
          <div className="app-nav__account">
            {user ? <AccountMenu user={user} /> : (
              <div className="row">
                <Button variant="secondary" onClick={() => openAuthDialog("login")}>Log in</Button>
                <Button onClick={() => openAuthDialog("register")}>Join</Button>
              </div>
            )}
          </div>
        </nav>
      </div>
      {/* Inside the sticky header: never scrolled away or hidden under it. The words match the indicator's and the notes'. */}
      {(internetFailure || !online) && (
        <Banner tone="warning" role="alert">
          You are offline. Your work is saved on this device and sent when the connection is back; actions that need
          the server say so.
        </Banner>
      )}
      <UnlockDialog />
      {user && (
        <Suspense fallback={null}>
          <SessionEvents />
        </Suspense>
      )}
    </header>
  );
}

/** Loads the background sender of notes' text only while some note's text waits (rarely: after offline edits). */
function WaitingTextGate() {
  return useWaitingNoteTexts().length > 0 ? <WaitingTextSender /> : null;
}
