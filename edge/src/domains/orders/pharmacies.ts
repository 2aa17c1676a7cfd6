/** The patient's preferred pharmacy (on their record): read and set by the patient and their care team. */
import type { Actor } from "../../access/actor.ts";
import { badRequest } from "../../http/errors.ts";
import { pharmacyById } from "../../../../sync/data/pharmacies.ts";
import type { PreferredPharmacyAnswer } from "../../../../sync/schemas/orders-answers.ts";
import { ordersAccess } from "./access.ts";
import type { OrdersDeps } from "./common.ts";

export function createPreferredPharmacy(deps: OrdersDeps) {
  const { sql, audit } = deps;
  return {
    async get(actor: Actor, patientId: string): Promise<PreferredPharmacyAnswer> {
      const access = ordersAccess(sql, actor);
      await access.patient(patientId);
      const [row] = await sql<{ preferred_pharmacy_id: string | null }[]>`select preferred_pharmacy_id from users where id = ${patientId}`;
      await audit.read(actor, { patientId, what: "patient.pharmacy" });
      return { pharmacy: row?.preferred_pharmacy_id ? pharmacyById.get(row.preferred_pharmacy_id) ?? null : null };
    },
    async set(actor: Actor, patientId: string, pharmacyId: string | null): Promise<PreferredPharmacyAnswer> {
      const access = ordersAccess(sql, actor);
      await access.patient(patientId);
      if (pharmacyId && !pharmacyById.has(pharmacyId)) {
        throw badRequest("Please correct the highlighted fields", { reason: "VALIDATION_FAILED", fields: { pharmacyId: "Choose a pharmacy from the directory" } });
      }
      await sql`update users set preferred_pharmacy_id = ${pharmacyId} where id = ${patientId}`;
      await audit.write(actor, { patientId, what: "patient.pharmacy.set", details: { pharmacyId } });
      return { pharmacy: pharmacyId ? pharmacyById.get(pharmacyId)! : null };
    },
  };
}
