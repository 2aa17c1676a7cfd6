/** HTTP for doctors (01 §7 "Doctors"). Static paths come before `/doctors/:id`. */
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, jsonBody, metaOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { parse } from "../../http/validate.ts";
import { idParamSchema } from "../../../../sync/schemas/auth.ts";
import { chooseDoctorSchema, doctorsDropdownQuerySchema, doctorsQuerySchema } from "../../../../sync/schemas/doctor.ts";
import type { DoctorsService } from "./service.ts";

export function doctorsRoutes(doctors: DoctorsService) {
  const r = createRouter();

  r.get("/doctors", allow.public, async (c) => ok(c, await doctors.list(parse(doctorsQuerySchema, c.req.query()))));

  r.get("/doctors/count", allow.public, async (c) => ok(c, await doctors.count(parse(doctorsQuerySchema, c.req.query()))));

  r.get("/doctors/dropdown", allow.signedIn, async (c) => {
    const { search } = parse(doctorsDropdownQuerySchema, c.req.query());
    return ok(c, await doctors.dropdown(search));
  });

  r.get("/doctors/of/me", allow.roles("patient", "vma"), async (c) => ok(c, await doctors.ofMe(actorOf(c))));

  r.post("/doctors/choose/admin", allow.roles("admin"), async (c) => {
    const input = parse(chooseDoctorSchema, await jsonBody(c));
    return ok(c, await doctors.chooseForPatient(actorOf(c), input, metaOf(c)));
  });

  r.get("/doctors/:id", allow.public, async (c) => ok(c, await doctors.get(parse(idParamSchema, c.req.param()).id)));

  return r.app;
}
