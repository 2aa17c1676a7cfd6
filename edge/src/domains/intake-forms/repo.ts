/** SQL for a doctor's intake form settings. */
import type { Queryable, Sql } from "../../db/connect.ts";
import type { IntakeField } from "../../../../sync/schemas/intake-form.ts";

export type IntakeSettingsRow = {
  doctor_id: string;
  vitals_enabled: boolean;
  vitals_required: boolean;
  fields: IntakeField[];
  updated_at: Date;
};

export function createIntakeFormsRepo(sql: Sql) {
  return {
    async get(q: Queryable, doctorId: string): Promise<IntakeSettingsRow | null> {
      const [row] = await q<IntakeSettingsRow[]>`select * from intake_form_settings where doctor_id = ${doctorId}`;
      return row ?? null;
    },

    async put(doctorId: string, s: { vitalsEnabled: boolean; vitalsRequired: boolean; fields: IntakeField[]; now: Date }) {
      await sql`insert into intake_form_settings (doctor_id, vitals_enabled, vitals_required, fields, updated_at)
        values (${doctorId}, ${s.vitalsEnabled}, ${s.vitalsRequired}, ${sql.json(s.fields as never)}, ${s.now})
        on conflict (doctor_id) do update set vitals_enabled = excluded.vitals_enabled,
          vitals_required = excluded.vitals_required, fields = excluded.fields, updated_at = excluded.updated_at`;
    },
  };
}
