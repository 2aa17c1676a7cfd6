/** Access tokens (short-lived HS256 JWTs) and opaque one-time secrets stored only as hashes. */
import { errors, jwtVerify, SignJWT } from "jose";
import type { Role } from "../../../sync/roles.ts";

export type AccessClaims = { sub: string; role: Role; sid: string };

export type TokenService = {
  sign(claims: AccessClaims): Promise<string>;
  /** Returns the claims, or why the token is not acceptable. */
  verify(token: string): Promise<AccessClaims | "invalid" | "expired">;
};

const ISSUER = "dpc-telehealth";

export function createTokenService(secret: string, ttlSeconds: number, now: () => Date): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ sub, role, sid }) =>
      new SignJWT({ role, sid })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setIssuedAt(Math.floor(now().getTime() / 1000))
        .setExpirationTime(Math.floor(now().getTime() / 1000) + ttlSeconds)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ["HS256"],
          currentDate: now(),
        });
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || typeof payload.role !== "string") {
          return "invalid";
        }
        return { sub: payload.sub, sid: payload.sid, role: payload.role as Role };
      } catch (e) {
        return e instanceof errors.JWTExpired ? "expired" : "invalid";
      }
    },
  };
}

/** 256 random bits, base64url. */
export function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** SHA-256 of a text (UTF-8) or of bytes, as lower-case hex. */
export async function sha256(input: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", typeof input === "string" ? new TextEncoder().encode(input) : input);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A six-digit SMS code from a uniform random source. */
export function randomDigits(n = 6): string {
  const out: number[] = [];
  while (out.length < n) {
    const [b] = crypto.getRandomValues(new Uint8Array(1));
    if (b < 250) out.push(b % 10);
  }
  return out.join("");
}
