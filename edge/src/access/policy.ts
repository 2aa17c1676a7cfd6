/**
 * Who may call a route. Every route declares one of these (see router.ts);
 * a route without a declaration cannot be registered, so the default is deny.
 */
import type { Role } from "../../../sync/roles.ts";
import type { Actor, TokenProblem } from "./actor.ts";
import { AppError, forbidden, unauthorized } from "../http/errors.ts";

export type Access =
  | { kind: "public" }
  | { kind: "signedIn" }
  | { kind: "roles"; roles: readonly Role[]; fullAccess: boolean }
  | { kind: "superAdmin" };

export const allow = {
  /** Anyone, signed in or not. */
  public: { kind: "public" } as Access,
  /** Any signed-in user, whatever their approval state. */
  signedIn: { kind: "signedIn" } as Access,
  /** Signed-in users of these roles (approved or not). */
  roles: (...roles: Role[]): Access => ({ kind: "roles", roles, fullAccess: false }),
  /** Signed-in users of these roles who have full access (01 §3). */
  approved: (...roles: Role[]): Access => ({ kind: "roles", roles, fullAccess: true }),
  superAdmin: { kind: "superAdmin" } as Access,
};

export const TOKEN_MESSAGES: Record<TokenProblem, string> = {
  missing: "Please sign in",
  invalid: "Your session is not valid. Please sign in again.",
  expired: "Your session has expired",
  revoked: "Your session has ended. Please sign in again.",
  blocked: "Account blocked by admin",
};

/** Throws when the actor may not call a route with this access; returns otherwise. */
export function enforce(access: Access, actor: Actor | null, problem: TokenProblem | null): void {
  if (access.kind === "public") return;
  if (!actor) {
    const p = problem ?? "missing";
    throw unauthorized(TOKEN_MESSAGES[p], `TOKEN_${p.toUpperCase()}`);
  }
  if (access.kind === "signedIn") return;
  if (access.kind === "superAdmin") {
    if (actor.role === "admin" && actor.isSuperAdmin) return;
    throw forbidden("Only a super admin may do this");
  }
  if (!access.roles.includes(actor.role)) throw forbidden();
  if (access.fullAccess && !actor.fullAccess) {
    throw new AppError(403, "Your account does not have full access yet", { reason: "NO_FULL_ACCESS" });
  }
}
