/**
 * What memberships read about plans: a doctor's offer of a plan (the option as the patient pays it, and the plan
 * it is of) and a plan by id. Changing plans and options is the plans service's; the SQL stays in ./repo.ts.
 */
import type { Sql } from "../../db/connect.ts";
import type { MembershipOption, Plan } from "../../../../sync/schemas/membership.ts";
import { createPlansRepo, toOption, toPlan } from "./repo.ts";

export type PlanOffer = { plan: Plan; option: MembershipOption };

/** The doctor's terms for an active plan (disabled where never set); null when the plan is missing or inactive. */
export async function offerOf(sql: Sql, doctorId: string, planId: string): Promise<PlanOffer | null> {
  const [row] = await createPlansRepo(sql).optionsOf(sql, doctorId, planId);
  return row ? { plan: toPlan(row), option: toOption(row) } : null;
}

/** A plan, active or not; null when there is none. */
export async function planById(sql: Sql, id: string): Promise<Plan | null> {
  const row = await createPlansRepo(sql).byId(sql, id);
  return row && toPlan(row);
}
