/** Who is calling: resolved once per request from the access token and the live session row. */
import type { Role } from "../../../sync/roles.ts";

export type Actor = {
  userId: string;
  role: Role;
  sessionId: string;
  isSuperAdmin: boolean;
  /** 01 §3: doctor/VMA approved, patient has a doctor, admin always. */
  fullAccess: boolean;
  /** The patient's assigned doctor, or the doctor a VMA works for. */
  doctorId: string | null;
  /** Set when an admin is signed in as this user. */
  impersonatorSessionId: string | null;
};

/** Why a presented token was not accepted; protected routes answer 401 with it. */
export type TokenProblem = "missing" | "invalid" | "expired" | "revoked" | "blocked";
