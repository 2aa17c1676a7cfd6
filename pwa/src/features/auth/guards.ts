/**
 * Route guards of 01 §2 as pure functions: the router asks `decideRoute`
 * what to do with a path for a session, and `postSignInPath` where to go
 * after signing in. Nothing here touches the DOM or the router.
 */
import { matchPath } from "react-router";
import type { Role } from "../../../../sync/roles.ts";
import { PUBLIC_ROUTES, ROLE_ROUTES, SIGNED_IN_ROUTES } from "../../../../sync/routes.ts";
import { homePath } from "../../../../sync/rules/home-path.ts";
import type { AuthUser } from "../../../../sync/schemas/user.ts";

export type RouteAccess =
  | { kind: "public" }
  | { kind: "signedIn" }
  | { kind: "role"; roles: readonly Role[] };

const PUBLIC: RouteAccess = { kind: "public" };
const SIGNED_IN: RouteAccess = { kind: "signedIn" };
const only = (...roles: Role[]): RouteAccess => ({ kind: "role", roles });

export const STRIPE_CONNECT_PATH = "/stripe/connect";
const SETTINGS_PATH = "/settings";
export const STRIPE_CONNECTED_PATH = "/stripe/connected";
export const STRIPE_INACTIVE_PATH = "/stripe/inactive";
export const FILL_PROFILE_PATH = "/fillProfile";
/** sessionStorage key set when a doctor closes the inactive-payout-account notice. */
export const INACTIVE_NOTICE_CLOSED_KEY = "inactiveNoticeClosed";

/**
 * Every route pattern of sync/routes.ts with who may see it. Static patterns come before
 * parameterised ones so `/profile/edit` is not taken for `/profile/:userId`.
 */
export const ROUTE_ACCESS: readonly { path: string; access: RouteAccess }[] = [
  ...SIGNED_IN_ROUTES.map((path) => ({ path, access: SIGNED_IN })),
  ...ROLE_ROUTES.patient.map((path) => ({ path, access: only("patient") })),
  ...ROLE_ROUTES.vma.map((path) => ({ path, access: only("vma") })),
  ...ROLE_ROUTES.doctor.map((path) => ({ path, access: only("doctor") })),
  ...ROLE_ROUTES.admin.map((path) => ({ path, access: only("admin") })),
  ...PUBLIC_ROUTES.map((path) => ({ path, access: PUBLIC })),
];

/** Who may see `pathname`; unknown paths are public (they render the not-found page). */
export function accessFor(pathname: string): RouteAccess {
  for (const route of ROUTE_ACCESS) {
    if (matchPath({ path: route.path, end: true }, pathname)) return route.access;
  }
  return PUBLIC;
}

export type GuardSession = {
  status: "checking" | "guest" | "authorized" | "offline";
  user: Pick<
    AuthUser,
    "role" | "fullAccess" | "profileNotFilledStage" | "stripeAccount" | "isActiveStripeAccount"
  > | null;
  logoutCause: "user" | "server" | null;
  /** sessionStorage `inactiveNoticeClosed`. */
  inactiveNoticeClosed: boolean;
};

export type GuardDecision =
  | { type: "allow" }
  /** `remember`: the path to come back to after the next sign-in. */
  | { type: "redirect"; to: string; remember?: string }
  /** A stored sign-in is still being checked: show the loader. */
  | { type: "wait" }
  /** A stored sign-in could not be checked (no connection): show the offline notice, keep the URL. */
  | { type: "offline" };

const ALLOW: GuardDecision = { type: "allow" };

/** What to do with `pathname` (path only, no query) for this session (01 §2 "Guards and redirects"). */
export function decideRoute(pathname: string, session: GuardSession): GuardDecision {
  const access = accessFor(pathname);
  const { user } = session;

  if (access.kind === "public") {
    if (pathname === "/" && user?.role === "admin") return { type: "redirect", to: "/admin" };
    return ALLOW;
  }

  if (!user) {
    if (session.status === "checking") return { type: "wait" };
    if (session.status === "offline") return { type: "offline" };
    return session.logoutCause
      ? { type: "redirect", to: "/", remember: pathname }
      : { type: "redirect", to: "/" };
  }

  if (access.kind === "role" && !access.roles.includes(user.role)) return { type: "redirect", to: "/" };

  if (pathname === FILL_PROFILE_PATH && user.role !== "patient") {
    // Only patients have a medical card to fill; others go where they belong.
    return { type: "redirect", to: homePath(user) };
  }
  if (user.role === "patient" && user.profileNotFilledStage && pathname !== FILL_PROFILE_PATH) {
    return { type: "redirect", to: FILL_PROFILE_PATH };
  }

  if (user.role === "doctor") {
    // 01 §2: no payout account, approved or not (an application is approved only once one is connected), forces
    // the connect page: the first step of a new doctor's path. The payout pages are public; settings stay open
    // because a failed connection offers "Go to settings" (its payout section connects too).
    if (!user.stripeAccount && pathname !== SETTINGS_PATH) return { type: "redirect", to: STRIPE_CONNECT_PATH };
    if (user.stripeAccount && !user.isActiveStripeAccount && !session.inactiveNoticeClosed) {
      return { type: "redirect", to: STRIPE_INACTIVE_PATH };
    }
  }
  return ALLOW;
}

/**
 * Where to go right after a sign-in: the path a server logout remembered, if
 * this user may see it without being redirected, otherwise their home path.
 */
export function postSignInPath(
  user: NonNullable<GuardSession["user"]>,
  rememberedPath: string | null,
  options: { inactiveNoticeClosed?: boolean } = {},
): string {
  const home = homePath(user);
  if (!rememberedPath || !rememberedPath.startsWith("/") || rememberedPath.startsWith("//")) return home;
  const pathname = rememberedPath.split(/[?#]/)[0];
  if (pathname === "/") return home;
  const decision = decideRoute(pathname, {
    status: "authorized",
    user,
    logoutCause: null,
    inactiveNoticeClosed: options.inactiveNoticeClosed ?? false,
  });
  return decision.type === "allow" ? rememberedPath : home;
}
