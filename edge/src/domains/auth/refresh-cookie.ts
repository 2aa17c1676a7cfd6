/**
 * The refresh token of browsers lives in an HttpOnly cookie that page scripts
 * cannot read (edge/docs/auth.md): `HttpOnly; SameSite=Strict; Secure` (Secure
 * off only on the plain-HTTP loopback demo), Path limited to the refresh
 * endpoint, the only one that reads it. Browser requests are told apart by the
 * headers only a browser sends and no script can set or remove (`Sec-Fetch-*`)
 * or by `Origin`: their answers carry the refresh token in the cookie only;
 * other clients keep getting it in the JSON body.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Config } from "../../config.ts";
import { isLoopbackHttp } from "../../http/csp.ts";
import { forbidden } from "../../http/errors.ts";

export const REFRESH_COOKIE = "dpc_refresh";
/** `/api/v1` + the refresh route: the cookie goes nowhere else. */
export const REFRESH_COOKIE_PATH = "/api/v1/users/refreshToken";

export function isBrowserRequest(c: Context): boolean {
  return Boolean(c.req.header("sec-fetch-site") ?? c.req.header("sec-fetch-mode") ?? c.req.header("origin"));
}

type WithRefresh = { refreshToken: string };

export function createRefreshCookie(config: Pick<Config, "publicOrigin" | "REFRESH_TOKEN_TTL_DAYS">) {
  const secure = !isLoopbackHttp(config.publicOrigin);
  const attributes = { path: REFRESH_COOKIE_PATH, httpOnly: true, secure, sameSite: "Strict" } as const;

  return {
    /** Browsers: the refresh token goes into the cookie and out of the JSON. Others: the JSON as it is. */
    deliver<T extends WithRefresh>(c: Context, result: T): T | Omit<T, "refreshToken"> {
      if (!isBrowserRequest(c)) return result;
      const { refreshToken, ...rest } = result;
      setCookie(c, REFRESH_COOKIE, refreshToken, { ...attributes, maxAge: config.REFRESH_TOKEN_TTL_DAYS * 86_400 });
      return rest;
    },
    read: (c: Context): string | null => getCookie(c, REFRESH_COOKIE) ?? null,
    clear(c: Context) {
      deleteCookie(c, REFRESH_COOKIE, attributes);
    },
    /**
     * CSRF: the cookie-only refresh answers only a request from the app's own
     * origin (PUBLIC_ORIGIN, or the origin the request was addressed to).
     */
    assertSameOrigin(c: Context) {
      const origin = c.req.header("origin");
      const own = new URL(c.req.url).origin;
      if (!origin || (origin !== config.publicOrigin && origin !== own)) {
        throw forbidden("This request must come from the app itself", "ORIGIN_REFUSED");
      }
    },
  };
}
export type RefreshCookie = ReturnType<typeof createRefreshCookie>;
