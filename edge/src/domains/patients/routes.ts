/** Patient calls available so far: the medical card that completes /fillProfile. */
import { allow } from "../../access/policy.ts";
import type { Deps } from "../../deps.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, jsonBody } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { parse } from "../../http/validate.ts";
import { medicalCardSchema } from "../../../../sync/schemas/medical-card.ts";
import { createUsersRepo, toAuthUser } from "../users/repo.ts";
import { listQuerySchema } from "../../../../sync/schemas/auth.ts";
import { listOf } from "../../http/envelope.ts";
import { createCareTeamRepo, practiceDoctorId } from "./care-team-repo.ts";

export function patientsRoutes(deps: Pick<Deps, "sql" | "clock">) {
  const { sql, clock } = deps;
  const users = createUsersRepo(sql);
  const r = createRouter();

  r.get("/patient/medicalCard", allow.roles("patient"), async (c) => {
    const [row] = await sql<{ card: unknown }[]>`select card from medical_cards where patient_id = ${actorOf(c).userId}`;
    return ok(c, row?.card ?? null);
  });

  r.put("/patient/medicalCard", allow.roles("patient"), async (c) => {
    const actor = actorOf(c);
    const card = parse(medicalCardSchema, await jsonBody(c));
    const now = clock.now();
    await sql.begin(async (tx) => {
      await tx`insert into medical_cards (patient_id, card, updated_at) values (${actor.userId}, ${tx.json(card as never)}, ${now})
        on conflict (patient_id) do update set card = excluded.card, updated_at = excluded.updated_at`;
      await tx`update users set profile_filled_at = coalesce(profile_filled_at, ${now}) where id = ${actor.userId}`;
    });
    return ok(c, toAuthUser((await users.byId(actor.userId))!));
  });

  // The practice's patients for pickers (02 §7 `doctorPatients/list/dropdown`); the full list comes with the chart.
  const careTeam = createCareTeamRepo(sql);
  r.get("/doctorPatients/list/dropdown", allow.approved("doctor", "vma"), async (c) => {
    const query = parse(listQuerySchema, c.req.query());
    const doctorId = practiceDoctorId(actorOf(c));
    if (!doctorId) return ok(c, listOf([], query.offset, query.limit, 0));
    const { list, totalCount } = await careTeam.patientsOf(doctorId, query);
    return ok(c, listOf(list, query.offset, query.limit, totalCount));
  });

  return r.app;
}
