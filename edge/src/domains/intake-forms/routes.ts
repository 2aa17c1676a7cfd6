/** HTTP for intake form settings (02 §7 `GET/POST /intakeForms/settings/doctor/{id}`). */
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { valid, validate } from "../../http/validate.ts";
import { answers } from "../../http/answers.ts";
import { idParamSchema } from "../../../../sync/schemas/auth.ts";
import { intakeFormSettingsSchema, intakeSettingsInputSchema } from "../../../../sync/schemas/intake-form.ts";
import type { IntakeFormsService } from "./service.ts";

export function intakeFormsRoutes(intakeForms: IntakeFormsService) {
  const r = createRouter();

  r.get("/intakeForms/settings/doctor/:id", allow.signedIn, answers(intakeFormSettingsSchema), validate({ param: idParamSchema }), async (c) => {
    const { id } = valid(c, idParamSchema);
    return ok(c, await intakeForms.get(actorOf(c), id));
  });

  r.post("/intakeForms/settings/doctor/:id", allow.roles("doctor", "vma", "admin"), answers(intakeFormSettingsSchema), validate({ param: idParamSchema, json: intakeSettingsInputSchema }), async (c) => {
    const { id } = valid(c, idParamSchema);
    const input = valid(c, intakeSettingsInputSchema);
    return ok(c, await intakeForms.save(actorOf(c), id, input));
  });

  return r.app;
}
