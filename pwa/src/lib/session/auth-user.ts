import { ROLES } from "../../../../sync/roles.ts";
import type { AuthUser, LoginResult, TokenPair } from "../../../../sync/schemas/user.ts";

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

export function parseTokenPair(value: unknown): TokenPair {
  if (!isRecord(value) || typeof value.accessToken !== "string" || typeof value.refreshToken !== "string") {
    throw new TypeError("Token pair missing in the answer");
  }
  return { accessToken: value.accessToken, refreshToken: value.refreshToken };
}

export function parseLoginResult(value: unknown): LoginResult {
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
