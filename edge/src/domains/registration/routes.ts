/** HTTP for registration, activation, password reset and VMA password creation. */
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { jsonBody, jsonOrMultipart, metaOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { parse } from "../../http/validate.ts";
import {
  registrationSchema,
  resetPasswordSchema,
  resetRequestSchema,
  tokenBodySchema,
  tokenParamSchema,
  vmaPasswordSchema,
} from "../../../../sync/schemas/auth.ts";
import type { RegistrationService } from "./service.ts";

export function registrationRoutes(registration: RegistrationService) {
  const r = createRouter();

  r.post("/users", allow.public, async (c) => {
    const { fields, files } = await jsonOrMultipart(c);
    const input = parse(registrationSchema, fields);
    const user = await registration.register(input, files.sign?.[0], metaOf(c));
    return ok(c, { user }, 201);
  });

  r.post("/users/verify", allow.public, async (c) => {
    const { token } = parse(tokenBodySchema, await jsonBody(c));
    return ok(c, await registration.verify(token, metaOf(c)));
  });

  r.post("/users/reset/request", allow.public, async (c) => {
    const { email } = parse(resetRequestSchema, await jsonBody(c));
    return ok(c, await registration.requestReset(email, metaOf(c)));
  });

  r.get("/users/reset/:token", allow.public, async (c) => {
    const { token } = parse(tokenParamSchema, c.req.param());
    return ok(c, await registration.checkReset(token));
  });

  r.post("/users/reset/:token", allow.public, async (c) => {
    const { token } = parse(tokenParamSchema, c.req.param());
    const input = parse(resetPasswordSchema, await jsonBody(c));
    return ok(c, await registration.reset(token, input, metaOf(c)));
  });

  r.post("/vmas/password/:token", allow.public, async (c) => {
    const { token } = parse(tokenParamSchema, c.req.param());
    const { password } = parse(vmaPasswordSchema, await jsonBody(c));
    return ok(c, await registration.setVmaPassword(token, password, metaOf(c)));
  });

  return r.app;
}
