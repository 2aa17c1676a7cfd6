/** Patient calls available so far: the medical card that completes /fillProfile. */
import { allow } from "../../access/policy.ts";
import type { Deps } from "../../deps.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { valid, validate } from "../../http/validate.ts";
import { answers } from "../../http/answers.ts";
import { listResultSchema } from "../../../../sync/envelope.ts";
import { type StoredMedicalCard, storedMedicalCardSchema } from "../../../../sync/schemas/medical-card-answers.ts";
import { authUserSchema } from "../../../../sync/schemas/user.ts";
import { patientOptionSchema } from "../../../../sync/schemas/patient-answers.ts";
import { medicalCardSchema } from "../../../../sync/schemas/medical-card.ts";
import { createAccounts } from "../users/accounts.ts";
import { listQuerySchema } from "../../../../sync/schemas/auth.ts";
import { listOf } from "../../http/envelope.ts";
import { createCareTeamRepo, practiceDoctorId } from "./care-team-repo.ts";
import { createMedicalCardRepo } from "./medical-card-repo.ts";
import { createChartAudit } from "../chart/audit.ts";
import type { SyncWriter } from "../sync/writer.ts";
import { touchPanel } from "./panel.ts";

export function patientsRoutes(deps: Pick<Deps, "sql" | "clock" | "audit"> & { write: SyncWriter }) {
  const { sql, clock } = deps;
  const audit = createChartAudit(deps.audit);
  const accounts = createAccounts(sql);
  const cards = createMedicalCardRepo(sql);
  const r = createRouter();

  r.get("/patient/medicalCard", allow.roles("patient"), answers(storedMedicalCardSchema.nullable()), async (c) => {
    return ok(c, await cards.get<StoredMedicalCard>(actorOf(c).userId));
  });

  r.put("/patient/medicalCard", allow.roles("patient"), answers(authUserSchema), validate({ json: medicalCardSchema }), async (c) => {
    const actor = actorOf(c);
    const card = valid(c, medicalCardSchema);
    await cards.saveAndMarkFilled(actor.userId, card, clock.now());
    await touchPanel(deps.write, [actor.userId]);
    // The patient's own history is chart data: written by them, audited like the care team's edits of it.
    await audit.write(actor, { patientId: actor.userId, what: "medicalCard.save" });
    return ok(c, (await accounts.user(actor.userId))!);
  });

  // The practice's patients for pickers (02 §7 `doctorPatients/list/dropdown`); the full list comes with the chart.
  const careTeam = createCareTeamRepo(sql);
  r.get("/doctorPatients/list/dropdown", allow.approved("doctor", "vma"), answers(listResultSchema(patientOptionSchema)), validate({ query: listQuerySchema }), async (c) => {
    const query = valid(c, listQuerySchema);
    const doctorId = practiceDoctorId(actorOf(c));
    if (!doctorId) return ok(c, listOf([], query.offset, query.limit, 0));
    const { list, totalCount } = await careTeam.patientsOf(doctorId, query);
    return ok(c, listOf(list, query.offset, query.limit, totalCount));
  });

  return r.app;
}
