import { ROLES } from "../../../../sync/roles.ts";
import type { AuthUser } from "../../../../sync/schemas/user.ts";

/**
 * What the browser gets from sign-in, refresh and the like: the access token.
 * The refresh token stays in the HttpOnly cookie (edge/docs/auth.md); a
 * `refreshToken` field, if an answer has one, is ignored and never stored.
 */
export type AccessGrant = { accessToken: string };
export type SignInResult = AccessGrant & { user: AuthUser };

/**
 * Answers from the server are checked, not cast: only the fields the shell
 * relies on are verified, the rest travel as the server sent them.
 */
export function parseAuthUser(value: unknown): AuthUser {
  if (!isRecord(value)) throw new TypeError("User missing in the answer");
  if (typeof value.id !== "string" || !(ROLES as readonly unknown[]).includes(value.role)) {
    throw new TypeError("User has no id or role");
  }
  return {
    ...value,
    licensedStates: Array.isArray(value.licensedStates) ? value.licensedStates : [],
    fullAccess: value.fullAccess === true,
    profileNotFilledStage: value.profileNotFilledStage ?? null,
    impersonatedBy: value.impersonatedBy ?? null,
  } as AuthUser;
}

export function parseTokenPair(value: unknown): AccessGrant {
  if (!isRecord(value) || typeof value.accessToken !== "string" || !value.accessToken) {
    throw new TypeError("Access token missing in the answer");
  }
  return { accessToken: value.accessToken };
}

export function parseLoginResult(value: unknown): SignInResult {
  const pair = parseTokenPair(value);
  return { ...pair, user: parseAuthUser((value as Record<string, unknown>).user) };
}

export function fullName(user: Pick<AuthUser, "firstName" | "lastName" | "email">): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || user.email;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
