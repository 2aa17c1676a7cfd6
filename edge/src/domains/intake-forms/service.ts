/**
 * Intake form settings per doctor (02 §3, §7): read by anyone about to book a
 * listed doctor, saved by the doctor, their VMAs or an admin. A doctor who never
 * saved them asks for vitals (not required) and nothing else.
 */
import type { Actor } from "../../access/actor.ts";
import type { Queryable } from "../../db/connect.ts";
import type { Deps } from "../../deps.ts";
import type { IntakeFormSettings, IntakeSettingsUpdate } from "../../../../sync/schemas/intake-form.ts";
import { noSuchDoctor } from "../doctors/errors.ts";
import { doctorProfileOf } from "../doctors/reads.ts";
import { managesDoctor } from "../doctors/practice.ts";
import { createIntakeFormsRepo } from "./repo.ts";

export function createIntakeFormsService(deps: Pick<Deps, "sql" | "clock">) {
  const { sql, clock } = deps;
  const repo = createIntakeFormsRepo(sql);

  async function settingsOf(q: Queryable, doctorId: string): Promise<IntakeFormSettings> {
    const row = await repo.get(q, doctorId);
    return row
      ? { doctorId, vitalsEnabled: row.vitals_enabled, vitalsRequired: row.vitals_required, fields: row.fields, updatedAt: row.updated_at.toISOString() }
      : { doctorId, vitalsEnabled: true, vitalsRequired: false, fields: [], updatedAt: null };
  }

  return {
    settingsOf,

    async get(actor: Actor, doctorId: string): Promise<IntakeFormSettings> {
      const doctor = await doctorProfileOf(sql, doctorId);
      if (!doctor || !(managesDoctor(actor, doctorId) || doctor.listed)) throw noSuchDoctor();
      return await settingsOf(sql, doctorId);
    },

    async save(actor: Actor, doctorId: string, input: IntakeSettingsUpdate): Promise<IntakeFormSettings> {
      if (!managesDoctor(actor, doctorId) || !(await doctorProfileOf(sql, doctorId))) throw noSuchDoctor();
      const fields = input.fields.map((f) => ({ ...f, id: f.id ?? crypto.randomUUID() }));
      await repo.put(doctorId, { vitalsEnabled: input.vitalsEnabled, vitalsRequired: input.vitalsRequired, fields, now: clock.now() });
      return await settingsOf(sql, doctorId);
    },
  };
}
export type IntakeFormsService = ReturnType<typeof createIntakeFormsService>;
