/**
 * Who may do what with orders, decided once, on top of the chart's access
 * module (chart/access.ts: the care team of the patient's practice, the
 * patient for their own record, nobody else; 404 outside).
 *
 * - Labs, imaging, referrals: the care team (doctor or VMA) creates, edits and
 *   uploads results — a VMA prepares; sharing, unsharing and deleting are the
 *   doctor's (like the chart's diagnoses).
 * - Prescriptions: every write (create, edit, send, discontinue, cancel,
 *   delete) is the doctor's (02 §6: prescriptions and e-prescribing are
 *   doctor-only); the VMA reads them.
 * - The patient reads only what was shared: labs, imaging and referrals with
 *   `is_shared` (a lab's result files only with `results_shared`), and
 *   prescriptions once sent (not drafts). Read-only.
 * Anything else: 404 for rows, 403 for a role that may not write.
 */
import type { Actor } from "../../access/actor.ts";
import type { Fragment, Queryable } from "../../db/connect.ts";
import { notFound } from "../../http/errors.ts";
import { chartAccess, UUID } from "../chart/access.ts";

export type OrderTable = "labs" | "imagings" | "referrals" | "prescriptions";
const LABEL: Record<OrderTable, string> = { labs: "lab", imagings: "imaging order", referrals: "referral", prescriptions: "prescription" };

export type OrderRef = { id: string; patient_id: string; encounter_id: string; is_shared: boolean };

export function ordersAccess(sql: Queryable, actor: Actor) {
  const chart = chartAccess(sql, actor);

  /** SQL on an order row `r` of `table`: the actor may read it. */
  const orderVisible = (table: OrderTable, r: Fragment): Fragment => {
    const mine = sql`${r}.deleted_at is null and ${chart.patientVisible(sql`${r}.patient_id`)}`;
    if (!chart.isPatient) return mine;
    return table === "prescriptions" ? sql`${mine} and ${r}.status <> 'draft'` : sql`${mine} and ${r}.is_shared`;
  };

  return {
    ...chart,
    orderVisible,
    label: (table: OrderTable) => LABEL[table],

    /** Labs, imaging and referrals: the care team prepares them. */
    requirePreparer() {
      chart.requireCareTeam();
    },
    requirePrescriber(what = "write or send a prescription") {
      chart.requireDoctor(what);
    },

    /**
     * An encounter whose orders the actor may see: the chart's rule, and for a
     * patient also their encounter holding something shared with them here.
     */
    async encounter(id: string) {
      if (!chart.isPatient) return await chart.encounter(id);
      if (!UUID.test(id)) throw notFound("No such encounter");
      const [row] = await sql<{ id: string }[]>`select e.id from encounters e where e.id = ${id} and (${chart.encounterVisible(sql`e`)}
        or (e.patient_id = ${actor.userId}::uuid and e.deleted_at is null and (
          exists (select 1 from labs r where r.encounter_id = e.id and ${orderVisible("labs", sql`r`)})
          or exists (select 1 from imagings r where r.encounter_id = e.id and ${orderVisible("imagings", sql`r`)})
          or exists (select 1 from referrals r where r.encounter_id = e.id and ${orderVisible("referrals", sql`r`)})
          or exists (select 1 from prescriptions r where r.encounter_id = e.id and ${orderVisible("prescriptions", sql`r`)}))))`;
      if (!row) throw notFound("No such encounter");
      return (await sql<{ id: string; patient_id: string }[]>`select id, patient_id from encounters where id = ${id}`)[0];
    },

    /** An order the actor may see, or 404. */
    async order(table: OrderTable, id: string): Promise<OrderRef> {
      if (!UUID.test(id)) throw notFound(`No such ${LABEL[table]}`);
      const shared = table === "prescriptions" ? sql`r.status <> 'draft'` : sql`r.is_shared`;
      const [row] = await sql<OrderRef[]>`select r.id, r.patient_id, r.encounter_id, ${shared} as is_shared
        from ${sql(table)} r where r.id = ${id} and ${orderVisible(table, sql`r`)}`;
      if (!row) throw notFound(`No such ${LABEL[table]}`);
      return row;
    },
  };
}
export type OrdersAccess = ReturnType<typeof ordersAccess>;
