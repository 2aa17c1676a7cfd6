/** HTTP for the practice team: VMAs, tasks, macros, contacts (issue 17). Inputs are declared with validate(); handlers only call. */
import { allow } from "../../access/policy.ts";
import { answers } from "../../http/answers.ts";
import { idempotent } from "../../http/idempotency.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, metaOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { valid, validate } from "../../http/validate.ts";
import { listResultSchema } from "../../../../sync/envelope.ts";
import { idParamSchema } from "../../../../sync/schemas/auth.ts";
import {
  actingDoctorSchema, adminTaskCreateSchema, adminTaskListSchema, contactDropdownSchema, contactListSchema, contactOptionListSchema,
  contactSchema, contactViewSchema, createVmaSchema, deletedSchema, macroCreateSchema, macroDropdownSchema, macroListSchema,
  macroOptionListSchema, macroSchema, taskAssigneeListSchema, taskCountSchema, taskCreateSchema, taskEditSchema,
  taskFromEncounterSchema, taskListSchema, taskSchema, vmaCreatedSchema, vmaDetachedSchema, vmaDoctorListSchema, vmaIdSchema,
  vmaListSchema, vmaPasswordSentSchema,
} from "../../../../sync/schemas/team.ts";
import type { ContactsService } from "./contacts.ts";
import type { MacrosService } from "./macros.ts";
import type { TasksService } from "./tasks.ts";
import type { VmasService } from "./vmas.ts";

export type TeamServices = { vmas: VmasService; tasks: TasksService; macros: MacrosService; contacts: ContactsService };

export function teamRoutes(s: TeamServices) {
  const r = createRouter();
  const doctor = allow.approved("doctor");
  const practice = allow.approved("doctor", "vma");
  const admin = allow.roles("admin");
  const teamOrAdmin = { kind: "roles", roles: ["doctor", "vma", "admin"], fullAccess: true } as const;
  const withId = validate({ param: idParamSchema });
  const id = (c: Parameters<typeof valid>[0]) => valid(c, idParamSchema).id;

  // ── VMAs (01 §7) ─────────────────────────────────────────────────
  r.post("/vmas", doctor, answers(vmaCreatedSchema), validate({ json: createVmaSchema }), idempotent(), async (c) =>
    ok(c, await s.vmas.create(actorOf(c), valid(c, createVmaSchema), metaOf(c))));
  r.get("/vmas/list", doctor, answers(vmaListSchema), async (c) => ok(c, { list: await s.vmas.list(actorOf(c)) }));
  r.get("/vmas/doctors/dropdown", allow.roles("vma"), answers(vmaDoctorListSchema), async (c) => ok(c, { list: await s.vmas.doctors(actorOf(c)) }));
  r.post("/vmas/acting", allow.roles("vma"), answers(vmaDoctorListSchema), validate({ json: actingDoctorSchema }), async (c) => {
    const { doctorId } = valid(c, actingDoctorSchema);
    return ok(c, { list: await s.vmas.act(actorOf(c), doctorId, metaOf(c)) });
  });
  r.post("/vmas/detach", doctor, answers(vmaDetachedSchema), validate({ json: vmaIdSchema }), async (c) => {
    const { vmaId } = valid(c, vmaIdSchema);
    return ok(c, await s.vmas.detach(actorOf(c), vmaId, metaOf(c)));
  });
  r.post("/vmas/doctor/reset/password", doctor, answers(vmaPasswordSentSchema), validate({ json: vmaIdSchema }), async (c) => {
    const { vmaId } = valid(c, vmaIdSchema);
    return ok(c, await s.vmas.resetPassword(actorOf(c), vmaId, metaOf(c)));
  });

  // ── Tasks (02 §7 "Tasks"): the practice's under /doctorTasks, the platform's under /adminTasks ──
  for (const [base, access, createSchema, listSchema] of [
    ["/doctorTasks", practice, taskCreateSchema, taskListSchema],
    ["/adminTasks", admin, adminTaskCreateSchema, adminTaskListSchema],
  ] as const) {
    r.get(`${base}/assignees/dropdown`, access, answers(taskAssigneeListSchema), async (c) => ok(c, { list: await s.tasks.assignees(actorOf(c)) }));
    r.get(`${base}/count`, access, answers(taskCountSchema), async (c) => ok(c, await s.tasks.count(actorOf(c))));
    r.post(`${base}/list`, access, answers(listResultSchema(taskSchema)), validate({ json: listSchema }), async (c) =>
      ok(c, await s.tasks.list(actorOf(c), valid(c, listSchema) as never)));
    r.post(base, access, answers(taskSchema), validate({ json: createSchema }), idempotent(), async (c) => {
      const input = valid(c, createSchema);
      return ok(c, await s.tasks.create(actorOf(c), { patientId: null, ...input }, metaOf(c)));
    });
    r.put(`${base}/edit/:id`, access, answers(taskSchema), validate({ param: idParamSchema, json: taskEditSchema }), async (c) =>
      ok(c, await s.tasks.edit(actorOf(c), id(c), valid(c, taskEditSchema), metaOf(c))));
    r.put(`${base}/close/:id`, access, answers(taskSchema), withId, async (c) => ok(c, await s.tasks.setStatus(actorOf(c), id(c), "closed", metaOf(c))));
    r.put(`${base}/reopen/:id`, access, answers(taskSchema), withId, async (c) => ok(c, await s.tasks.setStatus(actorOf(c), id(c), "open", metaOf(c))));
    r.get(`${base}/:id`, access, answers(taskSchema), withId, async (c) => ok(c, await s.tasks.get(actorOf(c), id(c))));
    r.delete(`${base}/:id`, access, answers(deletedSchema), withId, async (c) => ok(c, await s.tasks.remove(actorOf(c), id(c), metaOf(c))));
  }
  r.post("/doctorTasks/encounter/:id", practice, answers(taskSchema), validate({ param: idParamSchema, json: taskFromEncounterSchema }), idempotent(), async (c) => {
    const input = valid(c, taskFromEncounterSchema);
    return ok(c, await s.tasks.createFromEncounter(actorOf(c), id(c), input, metaOf(c)));
  });

  // ── Macros (02 §7 "Macros") ──────────────────────────────────────
  r.post("/doctorMacros", practice, answers(macroSchema), validate({ json: macroCreateSchema }), idempotent(), async (c) =>
    ok(c, await s.macros.create(actorOf(c), valid(c, macroCreateSchema), metaOf(c))));
  r.get("/doctorMacros/list", practice, answers(macroListSchema), async (c) => ok(c, { list: await s.macros.list(actorOf(c)) }));
  r.get("/doctorMacros/dropdown/list", practice, answers(macroOptionListSchema), validate({ query: macroDropdownSchema }), async (c) =>
    ok(c, { list: await s.macros.dropdown(actorOf(c), valid(c, macroDropdownSchema)) }));
  r.put("/doctorMacros/:id", practice, answers(macroSchema), validate({ param: idParamSchema, json: macroCreateSchema }), async (c) =>
    ok(c, await s.macros.edit(actorOf(c), id(c), valid(c, macroCreateSchema), metaOf(c))));
  r.delete("/doctorMacros/:id", practice, answers(deletedSchema), withId, async (c) => ok(c, await s.macros.remove(actorOf(c), id(c), metaOf(c))));

  // ── Contacts (02 §7 "Contacts"): the practice's book; admins keep the platform's directory ──
  r.post("/contacts", teamOrAdmin, answers(contactViewSchema), validate({ json: contactSchema }), idempotent(), async (c) =>
    ok(c, await s.contacts.create(actorOf(c), valid(c, contactSchema), metaOf(c))));
  r.post("/contacts/list", teamOrAdmin, answers(listResultSchema(contactViewSchema)), validate({ json: contactListSchema }), async (c) =>
    ok(c, await s.contacts.list(actorOf(c), valid(c, contactListSchema))));
  r.get("/contacts/dropdown", teamOrAdmin, answers(contactOptionListSchema), validate({ query: contactDropdownSchema }), async (c) =>
    ok(c, { list: await s.contacts.dropdown(actorOf(c), valid(c, contactDropdownSchema)) }));
  r.put("/contacts/edit/:id", teamOrAdmin, answers(contactViewSchema), validate({ param: idParamSchema, json: contactSchema }), async (c) =>
    ok(c, await s.contacts.edit(actorOf(c), id(c), valid(c, contactSchema), metaOf(c))));
  r.get("/contacts/:id", teamOrAdmin, answers(contactViewSchema), withId, async (c) => ok(c, await s.contacts.get(actorOf(c), id(c))));
  r.delete("/contacts/:id", teamOrAdmin, answers(deletedSchema), withId, async (c) => ok(c, await s.contacts.remove(actorOf(c), id(c), metaOf(c))));

  return r.app;
}
