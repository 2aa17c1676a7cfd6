/** HTTP for users. Static paths come before `/users/:id` so they win the match. */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, jsonBody, jsonOrMultipart, metaOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { parse } from "../../http/validate.ts";
import { ROLES } from "../../../../sync/roles.ts";
import {
  adminChangeEmailSchema,
  changeEmailSchema,
  confirmPhoneSchema,
  idParamSchema,
  listQuerySchema,
  phoneChangeSchema,
} from "../../../../sync/schemas/auth.ts";
import { userUpdateSchema } from "../../../../sync/schemas/user.ts";
import type { UsersService } from "./service.ts";

const roleParamSchema = z.object({ role: z.enum(ROLES, { error: "Unknown role" }) });

export function usersRoutes(users: UsersService) {
  const r = createRouter();

  r.get("/users/role/:role", allow.roles("admin"), async (c) => {
    const { role } = parse(roleParamSchema, c.req.param());
    const query = parse(listQuerySchema, c.req.query());
    return ok(c, await users.listByRole(role, query));
  });

  r.get("/users/profile/filled", allow.signedIn, async (c) => ok(c, await users.profileFilled(actorOf(c))));

  r.put("/users/phone", allow.signedIn, async (c) => {
    const { phone } = parse(phoneChangeSchema, await jsonBody(c));
    return ok(c, await users.changePhone(actorOf(c), phone, metaOf(c)));
  });

  r.post("/users/me/2fa/request-sms", allow.signedIn, async (c) => ok(c, await users.requestSmsCode(actorOf(c), metaOf(c))));

  r.post("/users/me/2fa/confirm-phone", allow.signedIn, async (c) => {
    const { verificationCode } = parse(confirmPhoneSchema, await jsonBody(c));
    return ok(c, await users.confirmPhone(actorOf(c), verificationCode, metaOf(c)));
  });

  r.put("/users/me/change-email", allow.signedIn, async (c) => {
    const { newEmail, verificationCode } = parse(changeEmailSchema, await jsonBody(c));
    return ok(c, await users.changeOwnEmail(actorOf(c), newEmail, verificationCode, metaOf(c)));
  });

  r.put("/users/admin/change-email", allow.roles("admin"), async (c) => {
    const { newEmail, userId } = parse(adminChangeEmailSchema, await jsonBody(c));
    return ok(c, await users.adminChangeEmail(actorOf(c), userId, newEmail, metaOf(c)));
  });

  r.put("/users/block/:id", allow.roles("admin"), async (c) => {
    const { id } = parse(idParamSchema, c.req.param());
    return ok(c, await users.setBlocked(actorOf(c), id, true, metaOf(c)));
  });

  r.put("/users/unblock/:id", allow.roles("admin"), async (c) => {
    const { id } = parse(idParamSchema, c.req.param());
    return ok(c, await users.setBlocked(actorOf(c), id, false, metaOf(c)));
  });

  r.get("/users/:id/sign", allow.signedIn, async (c) => {
    const { id } = parse(idParamSchema, c.req.param());
    const blob = await users.signature(actorOf(c), id);
    c.header("Content-Type", blob.contentType);
    c.header("Cache-Control", "private, no-store");
    return c.body(blob.data as Uint8Array<ArrayBuffer>);
  });

  // Public: anyone may read an approved doctor's public profile; the service decides how much.
  r.get("/users/:id", allow.public, async (c) => {
    const { id } = parse(idParamSchema, c.req.param());
    return ok(c, await users.get(c.get("actor"), id));
  });

  r.put("/users/:id", allow.signedIn, async (c) => {
    const { id } = parse(idParamSchema, c.req.param());
    const { fields, files } = await jsonOrMultipart(c);
    const input = parse(userUpdateSchema, fields);
    return ok(c, await users.update(actorOf(c), id, input, { sign: files.sign?.[0] }));
  });

  return r.app;
}
