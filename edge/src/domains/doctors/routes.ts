/** HTTP for doctors (01 §7 "Doctors"). Static paths come before `/doctors/:id`. */
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, metaOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { valid, validate } from "../../http/validate.ts";
import { idParamSchema } from "../../../../sync/schemas/auth.ts";
import {
  chooseDoctorSchema,
  doctorCardSchema,
  doctorOptionSchema,
  doctorsCountSchema,
  doctorsDropdownQuerySchema,
  doctorsQuerySchema,
} from "../../../../sync/schemas/doctor.ts";
import { authUserSchema } from "../../../../sync/schemas/user.ts";
import { listResultSchema } from "../../../../sync/envelope.ts";
import { answers } from "../../http/answers.ts";
import type { DoctorsService } from "./service.ts";

export function doctorsRoutes(doctors: DoctorsService) {
  const r = createRouter();

  r.get("/doctors", allow.public, answers(listResultSchema(doctorCardSchema)), validate({ query: doctorsQuerySchema }), async (c) => ok(c, await doctors.list(valid(c, doctorsQuerySchema))));

  r.get("/doctors/count", allow.public, answers(doctorsCountSchema), validate({ query: doctorsQuerySchema }), async (c) => ok(c, await doctors.count(valid(c, doctorsQuerySchema))));

  r.get("/doctors/dropdown", allow.signedIn, answers(listResultSchema(doctorOptionSchema)), validate({ query: doctorsDropdownQuerySchema }), async (c) => {
    const { search } = valid(c, doctorsDropdownQuerySchema);
    return ok(c, await doctors.dropdown(search));
  });

  r.get("/doctors/of/me", allow.roles("patient", "vma"), answers(doctorCardSchema.nullable()), async (c) => ok(c, await doctors.ofMe(actorOf(c))));

  r.post("/doctors/choose/admin", allow.roles("admin"), answers(authUserSchema), validate({ json: chooseDoctorSchema }), async (c) => {
    const input = valid(c, chooseDoctorSchema);
    return ok(c, await doctors.chooseForPatient(actorOf(c), input, metaOf(c)));
  });

  r.get("/doctors/:id", allow.public, answers(doctorCardSchema), validate({ param: idParamSchema }), async (c) => ok(c, await doctors.get(valid(c, idParamSchema).id)));

  return r.app;
}
