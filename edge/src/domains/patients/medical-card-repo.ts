/** SQL for the patient's medical card (one JSON document per patient), shared by the patient's own calls and the chart. */
import type { Sql } from "../../db/connect.ts";

export function createMedicalCardRepo(sql: Sql) {
  async function save(db: Sql, patientId: string, card: unknown, now: Date) {
    await db`insert into medical_cards (patient_id, card, updated_at) values (${patientId}, ${db.json(card as never)}, ${now})
      on conflict (patient_id) do update set card = excluded.card, updated_at = excluded.updated_at`;
  }
  return {
    /** The stored card as saved, or null when the patient has none yet. */
    async get<T>(patientId: string): Promise<T | null> {
      const [row] = await sql<{ card: T }[]>`select card from medical_cards where patient_id = ${patientId}`;
      return row?.card ?? null;
    },
    save: (patientId: string, card: unknown, now: Date) => save(sql, patientId, card, now),
    /** The patient's own save (/fillProfile): the card and the profile's filled mark, together. */
    async saveAndMarkFilled(patientId: string, card: unknown, now: Date) {
      await sql.begin(async (tx) => {
        await save(tx as unknown as Sql, patientId, card, now);
        await tx`update users set profile_filled_at = coalesce(profile_filled_at, ${now}) where id = ${patientId}`;
      });
    },
  };
}
export type MedicalCardRepo = ReturnType<typeof createMedicalCardRepo>;
