/** HTTP for users. Static paths come before `/users/:id` so they win the match. */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, metaOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { formFiles, valid, validate } from "../../http/validate.ts";
import { ROLES } from "../../../../sync/roles.ts";
import {
  adminChangeEmailSchema,
  changeEmailSchema,
  confirmPhoneSchema,
  idParamSchema,
  listQuerySchema,
  phoneChangeSchema,
} from "../../../../sync/schemas/auth.ts";
import {
  authUserSchema,
  profileFilledSchema,
  signUploadSchema,
  smsSentSchema,
  userUpdateSchema,
  userViewSchema,
} from "../../../../sync/schemas/user.ts";
import { listResultSchema } from "../../../../sync/envelope.ts";
import { answers, answersFile } from "../../http/answers.ts";
import type { UsersService } from "./service.ts";

const roleParamSchema = z.object({ role: z.enum(ROLES, { error: "Unknown role" }) });

export function usersRoutes(users: UsersService) {
  const r = createRouter();

  r.get("/users/role/:role", allow.roles("admin"), answers(listResultSchema(authUserSchema)), validate({ param: roleParamSchema, query: listQuerySchema }), async (c) => {
    const { role } = valid(c, roleParamSchema);
    const query = valid(c, listQuerySchema);
    return ok(c, await users.listByRole(role, query));
  });

  r.get("/users/profile/filled", allow.signedIn, answers(profileFilledSchema), async (c) => ok(c, await users.profileFilled(actorOf(c))));

  r.put("/users/phone", allow.signedIn, answers(authUserSchema), validate({ json: phoneChangeSchema }), async (c) => {
    const { phone } = valid(c, phoneChangeSchema);
    return ok(c, await users.changePhone(actorOf(c), phone, metaOf(c)));
  });

  r.post("/users/me/2fa/request-sms", allow.signedIn, answers(smsSentSchema), async (c) => ok(c, await users.requestSmsCode(actorOf(c), metaOf(c))));

  r.post("/users/me/2fa/confirm-phone", allow.signedIn, answers(authUserSchema), validate({ json: confirmPhoneSchema }), async (c) => {
    const { verificationCode } = valid(c, confirmPhoneSchema);
    return ok(c, await users.confirmPhone(actorOf(c), verificationCode, metaOf(c)));
  });

  r.put("/users/me/change-email", allow.signedIn, answers(authUserSchema), validate({ json: changeEmailSchema }), async (c) => {
    const { newEmail, verificationCode } = valid(c, changeEmailSchema);
    return ok(c, await users.changeOwnEmail(actorOf(c), newEmail, verificationCode, metaOf(c)));
  });

  r.put("/users/admin/change-email", allow.roles("admin"), answers(authUserSchema), validate({ json: adminChangeEmailSchema }), async (c) => {
    const { newEmail, userId } = valid(c, adminChangeEmailSchema);
    return ok(c, await users.adminChangeEmail(actorOf(c), userId, newEmail, metaOf(c)));
  });

  r.put("/users/block/:id", allow.roles("admin"), answers(authUserSchema), validate({ param: idParamSchema }), async (c) => {
    const { id } = valid(c, idParamSchema);
    return ok(c, await users.setBlocked(actorOf(c), id, true, metaOf(c)));
  });

  r.put("/users/unblock/:id", allow.roles("admin"), answers(authUserSchema), validate({ param: idParamSchema }), async (c) => {
    const { id } = valid(c, idParamSchema);
    return ok(c, await users.setBlocked(actorOf(c), id, false, metaOf(c)));
  });

  // The doctor's signature (02 §7 "Doctors"; the users domain keeps it): the file `sign`, jpg or png, ≤ 20 MB.
  r.put("/doctors/sign", allow.roles("doctor"), answers(authUserSchema), validate({ form: signUploadSchema }), async (c) =>
    ok(c, await users.replaceSignature(actorOf(c), formFiles(c).sign?.[0], metaOf(c))));

  r.get("/users/:id/sign", allow.signedIn, answersFile("image/jpeg", "image/png"), validate({ param: idParamSchema }), async (c) => {
    const { id } = valid(c, idParamSchema);
    const blob = await users.signature(actorOf(c), id);
    c.header("Content-Type", blob.contentType);
    c.header("Cache-Control", "private, no-store");
    return c.body(blob.data as Uint8Array<ArrayBuffer>);
  });

  // Public: anyone may read an approved doctor's public profile; the service decides how much.
  r.get("/users/:id", allow.public, answers(userViewSchema), validate({ param: idParamSchema }), async (c) => {
    const { id } = valid(c, idParamSchema);
    return ok(c, await users.get(c.get("actor"), id));
  });

  r.put("/users/:id", allow.signedIn, answers(authUserSchema), validate({ param: idParamSchema, form: userUpdateSchema }), async (c) => {
    const { id } = valid(c, idParamSchema);
    const input = valid(c, userUpdateSchema);
    return ok(c, await users.update(actorOf(c), id, input, { sign: formFiles(c).sign?.[0] }));
  });

  return r.app;
}
