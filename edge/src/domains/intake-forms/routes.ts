/** HTTP for intake form settings (02 §7 `GET/POST /intakeForms/settings/doctor/{id}`). */
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, jsonBody } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { parse } from "../../http/validate.ts";
import { idParamSchema } from "../../../../sync/schemas/auth.ts";
import { intakeSettingsInputSchema } from "../../../../sync/schemas/intake-form.ts";
import type { IntakeFormsService } from "./service.ts";

export function intakeFormsRoutes(intakeForms: IntakeFormsService) {
  const r = createRouter();

  r.get("/intakeForms/settings/doctor/:id", allow.signedIn, async (c) => {
    const { id } = parse(idParamSchema, c.req.param());
    return ok(c, await intakeForms.get(actorOf(c), id));
  });

  r.post("/intakeForms/settings/doctor/:id", allow.roles("doctor", "vma", "admin"), async (c) => {
    const { id } = parse(idParamSchema, c.req.param());
    const input = parse(intakeSettingsInputSchema, await jsonBody(c));
    return ok(c, await intakeForms.save(actorOf(c), id, input));
  });

  return r.app;
}
