import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { Outlet, ScrollRestoration, useNavigate } from "react-router";
import { AuthDialogsLoader } from "../features/auth/components/AuthDialogsLoader.tsx";
import { useSession } from "../features/auth/hooks/use-session.ts";
import { useAppDeps } from "../lib/app-deps.tsx";
import { UpdateBanner } from "../ui/index.ts";
import { ApiEventDialogs } from "./ApiEventDialogs.tsx";
import { Footer } from "./layout/Footer.tsx";
import { Header } from "./layout/Header.tsx";
import { ImpersonationBanner } from "./layout/ImpersonationBanner.tsx";
import { SignedOutBanner } from "./layout/SignedOutBanner.tsx";
import { RouteGuard } from "./RouteGuard.tsx";
import type { SwUpdateStore } from "./sw-update.ts";

// Shown to signed-in people only: loaded with the first signed-in page, not with the landing page (issue 19).
const PendingAgreementsGate = lazy(() =>
  import("../features/admin/components/PendingAgreementsGate.tsx").then((m) => ({ default: m.PendingAgreementsGate }))
);

/** Every page sits in this frame: skip link, header, banners, the guarded page, footer and app dialogs. */
export function AppLayout({ swUpdate }: { swUpdate?: SwUpdateStore }) {
  const { user, logoutReason, rememberedPath } = useSession();
  const { events } = useAppDeps();
  const navigate = useNavigate();

  // A logout caused by the server sends the browser to / (01 §2).
  useEffect(() => events.on("serverLogout", () => navigate("/", { replace: true })), [events, navigate]);

  return (
    <div className="app">
      <a className="skip-link" href="#main-content">Skip to content</a>
      <Header />
      {user?.impersonatedBy && <ImpersonationBanner user={user} />}
      {!user && logoutReason && <SignedOutBanner reason={logoutReason} rememberedPath={rememberedPath} />}
      {swUpdate && <SwUpdateBanner store={swUpdate} />}
      <main id="main-content" className="app-main" tabIndex={-1}>
        <RouteGuard>
          <Outlet />
        </RouteGuard>
      </main>
      <Footer />
      {/* As a browser does: a new page opens at its top (or its #section); back and forward return where the user was. */}
      <ScrollRestoration />
      <AuthDialogsLoader />
      <ApiEventDialogs />
      {user && !user.impersonatedBy && (
        <Suspense fallback={null}>
          <PendingAgreementsGate userId={user.id} />
        </Suspense>
      )}
    </div>
  );
}

function SwUpdateBanner({ store }: { store: SwUpdateStore }) {
  const update = useSyncExternalStore(store.subscribe, store.get, store.get);
  if (!update.needRefresh) return null;
  return <UpdateBanner onReload={update.reload} onDismiss={store.dismiss} />;
}
