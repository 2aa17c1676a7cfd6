/** Demo data of the orders domain: the demo patient's preferred pharmacy (a fictional Las Vegas pharmacy that takes e-prescriptions). */
import type { Deps } from "../deps.ts";
import { PHARMACIES } from "../../../sync/data/pharmacies.ts";

export const DEMO_PHARMACY = PHARMACIES.find((p) => p.state === "NV" && p.city === "Las Vegas" && p.erx)!;

export async function seedOrders(deps: Pick<Deps, "sql">) {
  await deps.sql`update users set preferred_pharmacy_id = ${DEMO_PHARMACY.ncpdp}
    where email = 'patient@demo.test' and preferred_pharmacy_id is null`;
}
