/** HTTP for sign-in, tokens, sessions, impersonation and password change. */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, jsonBody, metaOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { unauthorized } from "../../http/errors.ts";
import { parse, valid, validate } from "../../http/validate.ts";
import { changePasswordSchema, idParamSchema, loginSchema, refreshTokenSchema } from "../../../../sync/schemas/auth.ts";
import {
  loggedOutAllSchema,
  loginAnswerSchema,
  passwordChangedAnswerSchema,
  sessionInfoSchema,
  tokenAnswerSchema,
  userResultSchema,
} from "../../../../sync/schemas/user.ts";
import { noResultSchema } from "../../../../sync/envelope.ts";
import { answers } from "../../http/answers.ts";
import type { AuthService } from "./service.ts";
import type { RefreshCookie } from "./refresh-cookie.ts";

export function authRoutes(auth: AuthService, cookie: RefreshCookie) {
  const r = createRouter();

  r.post("/users/login", allow.public, answers(loginAnswerSchema), validate({ json: loginSchema }), async (c) => {
    const input = valid(c, loginSchema);
    return ok(c, cookie.deliver(c, await auth.login(input, metaOf(c))));
  });

  r.post("/users/loginByToken", allow.signedIn, answers(userResultSchema), async (c) => ok(c, { user: await auth.currentUser(actorOf(c)) }));

  /**
   * Two forms: the JSON body `{refreshToken}` (other clients, and once for a
   * browser still holding one from before the cookie), or an empty body with the
   * HttpOnly cookie (browsers; same origin only). Rotation and reuse detection
   * are the same for both.
   */
  r.post("/users/refreshToken", allow.public, answers(tokenAnswerSchema), async (c) => {
    // An empty request is the cookie form; any body is the body form (and is validated as such).
    const fromBody = c.req.raw.body !== null && c.req.header("content-length") !== "0";
    let refreshToken: string;
    if (fromBody) refreshToken = parse(refreshTokenSchema, await jsonBody(c)).refreshToken;
    else {
      cookie.assertSameOrigin(c);
      const fromCookie = cookie.read(c);
      if (!fromCookie) throw unauthorized("Your session is not valid. Please sign in again.", "REFRESH_INVALID");
      refreshToken = parse(refreshTokenSchema, { refreshToken: fromCookie }).refreshToken;
    }
    try {
      return ok(c, cookie.deliver(c, await auth.refresh(refreshToken, metaOf(c))));
    } catch (error) {
      if (!fromBody) cookie.clear(c);
      throw error;
    }
  });

  r.post("/users/logout", allow.signedIn, answers(noResultSchema), async (c) => {
    await auth.logout(actorOf(c), metaOf(c));
    cookie.clear(c);
    return ok(c, null);
  });

  r.post("/users/logout/all", allow.signedIn, answers(loggedOutAllSchema), async (c) => {
    const result = await auth.logoutAll(actorOf(c), metaOf(c));
    cookie.clear(c);
    return ok(c, result);
  });

  r.get("/users/sessions", allow.signedIn, answers(z.array(sessionInfoSchema)), async (c) => ok(c, await auth.listSessions(actorOf(c))));

  r.delete("/users/sessions/:id", allow.signedIn, answers(noResultSchema), validate({ param: idParamSchema }), async (c) => {
    const { id } = valid(c, idParamSchema);
    await auth.revokeSession(actorOf(c), id, metaOf(c));
    return ok(c, null);
  });

  r.post("/users/login/as/:id", allow.roles("admin"), answers(loginAnswerSchema), validate({ param: idParamSchema }), async (c) => {
    const { id } = valid(c, idParamSchema);
    return ok(c, cookie.deliver(c, await auth.loginAs(actorOf(c), id, metaOf(c))));
  });

  r.delete("/users/logout/to/admin", allow.signedIn, answers(loginAnswerSchema), async (c) => ok(c, cookie.deliver(c, await auth.logoutToAdmin(actorOf(c), metaOf(c)))));

  r.post("/users/change-password", allow.signedIn, answers(passwordChangedAnswerSchema), validate({ json: changePasswordSchema }), async (c) => {
    const input = valid(c, changePasswordSchema);
    return ok(c, cookie.deliver(c, await auth.changePassword(actorOf(c), input, metaOf(c))));
  });

  return r.app;
}
