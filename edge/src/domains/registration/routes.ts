/** HTTP for registration, activation, password reset and VMA password creation. */
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { metaOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { formFiles, valid, validate } from "../../http/validate.ts";
import {
  registrationSchema,
  resetPasswordSchema,
  resetRequestSchema,
  tokenBodySchema,
  tokenParamSchema,
  vmaPasswordSchema,
} from "../../../../sync/schemas/auth.ts";
import {
  activatedSchema,
  passwordResetSchema,
  resetLinkSchema,
  resetSentSchema,
  userResultSchema,
  vmaPasswordSetSchema,
} from "../../../../sync/schemas/user.ts";
import { answers } from "../../http/answers.ts";
import type { RegistrationService } from "./service.ts";

export function registrationRoutes(registration: RegistrationService) {
  const r = createRouter();

  r.post("/users", allow.public, answers(userResultSchema, 201), validate({ form: registrationSchema }), async (c) => {
    const input = valid(c, registrationSchema);
    const user = await registration.register(input, formFiles(c).sign?.[0], metaOf(c));
    return ok(c, { user }, 201);
  });

  r.post("/users/verify", allow.public, answers(activatedSchema), validate({ json: tokenBodySchema }), async (c) => {
    const { token } = valid(c, tokenBodySchema);
    return ok(c, await registration.verify(token, metaOf(c)));
  });

  r.post("/users/reset/request", allow.public, answers(resetSentSchema), validate({ json: resetRequestSchema }), async (c) => {
    const { email } = valid(c, resetRequestSchema);
    return ok(c, await registration.requestReset(email, metaOf(c)));
  });

  r.get("/users/reset/:token", allow.public, answers(resetLinkSchema), validate({ param: tokenParamSchema }), async (c) => {
    const { token } = valid(c, tokenParamSchema);
    return ok(c, await registration.checkReset(token));
  });

  r.post("/users/reset/:token", allow.public, answers(passwordResetSchema), validate({ param: tokenParamSchema, json: resetPasswordSchema }), async (c) => {
    const { token } = valid(c, tokenParamSchema);
    const input = valid(c, resetPasswordSchema);
    return ok(c, await registration.reset(token, input, metaOf(c)));
  });

  r.post("/vmas/password/:token", allow.public, answers(vmaPasswordSetSchema), validate({ param: tokenParamSchema, json: vmaPasswordSchema }), async (c) => {
    const { token } = valid(c, tokenParamSchema);
    const { password } = valid(c, vmaPasswordSchema);
    return ok(c, await registration.setVmaPassword(token, password, metaOf(c)));
  });

  return r.app;
}
