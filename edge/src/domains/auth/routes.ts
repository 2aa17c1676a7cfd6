/** HTTP for sign-in, tokens, sessions, impersonation and password change. */
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, metaOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { valid, validate } from "../../http/validate.ts";
import { changePasswordSchema, idParamSchema, loginSchema, refreshTokenSchema } from "../../../../sync/schemas/auth.ts";
import type { AuthService } from "./service.ts";

export function authRoutes(auth: AuthService) {
  const r = createRouter();

  r.post("/users/login", allow.public, validate({ json: loginSchema }), async (c) => {
    const input = valid(c, loginSchema);
    return ok(c, await auth.login(input, metaOf(c)));
  });

  r.post("/users/loginByToken", allow.signedIn, async (c) => ok(c, { user: await auth.currentUser(actorOf(c)) }));

  r.post("/users/refreshToken", allow.public, validate({ json: refreshTokenSchema }), async (c) => {
    const { refreshToken } = valid(c, refreshTokenSchema);
    return ok(c, await auth.refresh(refreshToken, metaOf(c)));
  });

  r.post("/users/logout", allow.signedIn, async (c) => {
    await auth.logout(actorOf(c), metaOf(c));
    return ok(c, null);
  });

  r.post("/users/logout/all", allow.signedIn, async (c) => ok(c, await auth.logoutAll(actorOf(c), metaOf(c))));

  r.get("/users/sessions", allow.signedIn, async (c) => ok(c, await auth.listSessions(actorOf(c))));

  r.delete("/users/sessions/:id", allow.signedIn, validate({ param: idParamSchema }), async (c) => {
    const { id } = valid(c, idParamSchema);
    await auth.revokeSession(actorOf(c), id, metaOf(c));
    return ok(c, null);
  });

  r.post("/users/login/as/:id", allow.roles("admin"), validate({ param: idParamSchema }), async (c) => {
    const { id } = valid(c, idParamSchema);
    return ok(c, await auth.loginAs(actorOf(c), id, metaOf(c)));
  });

  r.delete("/users/logout/to/admin", allow.signedIn, async (c) => ok(c, await auth.logoutToAdmin(actorOf(c), metaOf(c))));

  r.post("/users/change-password", allow.signedIn, validate({ json: changePasswordSchema }), async (c) => {
    const input = valid(c, changePasswordSchema);
    return ok(c, await auth.changePassword(actorOf(c), input, metaOf(c)));
  });

  return r.app;
}
