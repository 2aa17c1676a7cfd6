/**
 * Vitals: entries recorded by the care team (BMI computed here), read by the
 * care team and, for encounters sent to them, by the patient; imports from the
 * vitals of consultations' intake forms, with the doctor's "Require" rule.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import type { IntakeVitals } from "../../../../sync/schemas/intake-form.ts";
import { INTAKE_MESSAGES } from "../../../../sync/schemas/intake-form.ts";
import {
  bmiOf,
  type Vitals,
  type VitalsCreate,
  VITALS_FORMATS,
  type VitalsImportResult,
  type VitalsImportsPossible,
  vitalsInFormat,
} from "../../../../sync/schemas/vitals.ts";
import { type ChartAccess, chartAccess } from "./access.ts";
import type { ChartAudit } from "./audit.ts";

type Format = (typeof VITALS_FORMATS)[number];
type VitalsRow = {
  id: string; patient_id: string; encounter_id: string | null; consultation_id: string | null;
  systolic: number | null; diastolic: number | null; heart_rate: string | null; weight_lbs: string | null;
  height_in: string | null; bmi: string | null; temperature_f: string | null; respiratory_rate: string | null;
  source: "manual" | "intake"; recorded_by: string; first_name: string; last_name: string; recorded_at: Date;
};
const num = (v: string | null) => (v === null ? null : Number(v));

export function toVitals(r: VitalsRow, format: Format): Vitals {
  return vitalsInFormat({
    id: r.id, patientId: r.patient_id, encounterId: r.encounter_id, consultationId: r.consultation_id,
    bloodPressure: r.systolic && r.diastolic ? `${r.systolic}/${r.diastolic}` : null,
    heartRate: num(r.heart_rate), respiratoryRate: num(r.respiratory_rate), bmi: num(r.bmi),
    weight: num(r.weight_lbs), height: num(r.height_in), temperature: num(r.temperature_f),
    format: "imperial", source: r.source,
    recordedBy: { id: r.recorded_by, firstName: r.first_name, lastName: r.last_name },
    recordedAt: r.recorded_at.toISOString(),
  }, format);
}

type Candidate = { id: string; vitals: IntakeVitals | null; start_at: Date; submitted_at: Date };
const filled = (v: IntakeVitals | null) => !!v && Object.values(v).some((x) => x !== undefined && x !== null);

export function createChartVitals(deps: Pick<Deps, "sql" | "clock"> & { audit: ChartAudit }) {
  const { sql, clock, audit } = deps;

  async function insert(actor: Actor, patientId: string, v: {
    encounterId?: string | null; consultationId?: string | null; bloodPressure?: string; heartRate?: number; weight?: number;
    height?: number; temperature?: number; respiratoryRate?: number; recordedAt: Date; source: "manual" | "intake";
  }) {
    const [sys, dia] = v.bloodPressure ? v.bloodPressure.split("/").map(Number) : [null, null];
    const [row] = await sql<{ id: string }[]>`
      insert into vitals (patient_id, encounter_id, consultation_id, systolic, diastolic, heart_rate, weight_lbs, height_in, bmi,
        temperature_f, respiratory_rate, source, recorded_by, recorded_at, created_at)
      values (${patientId}, ${v.encounterId ?? null}, ${v.consultationId ?? null}, ${sys}, ${dia}, ${v.heartRate ?? null},
        ${v.weight ?? null}, ${v.height ?? null}, ${bmiOf(v.weight, v.height)}, ${v.temperature ?? null}, ${v.respiratoryRate ?? null},
        ${v.source}, ${actor.userId}, ${v.recordedAt}, ${clock.now()})
      returning id`;
    return row.id;
  }

  /** The practice's forms not imported yet; `settings` says whether vitals are on and required. */
  async function candidates(access: ChartAccess, patientId: string) {
    const [s] = await sql<{ vitals_enabled: boolean; vitals_required: boolean }[]>`
      select vitals_enabled, vitals_required from intake_form_settings where doctor_id = ${access.practiceId}`;
    const settings = { enabled: s?.vitals_enabled ?? true, required: s?.vitals_required ?? false };
    const rows = await sql<Candidate[]>`
      select c.id, c.intake_form -> 'vitals' as vitals, c.start_at, coalesce(c.intake_submitted_at, c.created_at) as submitted_at
      from consultations c
      where c.patient_id = ${patientId} and c.doctor_id = ${access.practiceId} and c.status in ('requested', 'accepted', 'finished')
        and c.intake_form ? 'answers'
        and not exists (select 1 from vitals v where v.consultation_id = c.id and v.source = 'intake')
      order by c.start_at, c.id`;
    const importable = rows.filter((r) => filled(r.vitals));
    // "Require": every form must carry at least one vitals field; one that does not is reported, not imported.
    const missing = settings.required ? rows.filter((r) => !filled(r.vitals)) : [];
    return { settings, importable, missing };
  }

  const api = {
    async rowsOf(access: ChartAccess, patientId: string, q: { encounterId?: string; format: Format }) {
      const patientCheck = access.isPatient
        ? sql`v.encounter_id in (select id from encounters where patient_id = ${patientId} and is_shared and deleted_at is null)`
        : sql`true`;
      const rows = await sql<VitalsRow[]>`
        select v.*, u.first_name, u.last_name from vitals v join users u on u.id = v.recorded_by
        where v.patient_id = ${patientId} and ${patientCheck}
          and (${q.encounterId ?? null}::uuid is null or v.encounter_id = ${q.encounterId ?? null})
        order by v.recorded_at, v.id`;
      return rows.map((r) => toVitals(r, q.format));
    },

    async list(actor: Actor, patientId: string, q: { encounterId?: string; format: Format }) {
      const access = chartAccess(sql, actor);
      await access.patient(patientId);
      if (q.encounterId) {
        const e = await access.encounter(q.encounterId);
        if (e.patient_id !== patientId) throw new AppError(404, "No such encounter", { reason: "NOT_FOUND" });
      }
      const list = await api.rowsOf(access, patientId, q);
      await audit.read(actor, { patientId, what: "vitals.list", details: q.encounterId ? { encounterId: q.encounterId } : {} });
      return list;
    },

    async create(actor: Actor, patientId: string, input: VitalsCreate) {
      const access = chartAccess(sql, actor);
      access.requireCareTeam();
      await access.patient(patientId);
      if (input.encounterId) {
        const e = await access.encounter(input.encounterId);
        if (e.patient_id !== patientId) throw new AppError(404, "No such encounter", { reason: "NOT_FOUND" });
      }
      const id = await insert(actor, patientId, { ...input, recordedAt: input.recordedAt ? new Date(input.recordedAt) : clock.now(), source: "manual" });
      await audit.write(actor, { patientId, what: "vitals.create", id });
      return (await api.rowsOf(access, patientId, { format: "imperial" })).find((v) => v.id === id)!;
    },

    async importsPossible(actor: Actor, patientId: string): Promise<VitalsImportsPossible> {
      const access = chartAccess(sql, actor);
      access.requireCareTeam();
      await access.patient(patientId);
      const c = await candidates(access, patientId);
      await audit.read(actor, { patientId, what: "vitals.importsPossible" });
      return {
        possible: c.settings.enabled && c.importable.length > 0,
        count: c.settings.enabled ? c.importable.length : 0,
        vitalsRequired: c.settings.required,
        missingVitals: c.missing.map((m) => m.id),
      };
    },

    async runImports(actor: Actor, patientId: string, format: Format): Promise<VitalsImportResult> {
      const access = chartAccess(sql, actor);
      access.requireCareTeam();
      await access.patient(patientId);
      const c = await candidates(access, patientId);
      if (!c.settings.enabled) throw new AppError(422, INTAKE_MESSAGES.vitalsDisabled, { reason: "VITALS_IMPORT_FAILED" });
      if (c.importable.length === 0) {
        throw new AppError(422, "There are no intake form vitals to import", { reason: "VITALS_IMPORT_FAILED", missingVitals: c.missing.map((m) => m.id) });
      }
      const ids: string[] = [];
      for (const form of c.importable) {
        const v = form.vitals!;
        ids.push(await insert(actor, patientId, {
          consultationId: form.id, bloodPressure: v.bloodPressure, heartRate: v.pulse, weight: v.weight, height: v.height,
          // Measured when the patient submitted the form, never at the visit's (often future) start.
          recordedAt: form.submitted_at, source: "intake",
        }));
      }
      await audit.write(actor, { patientId, what: "vitals.import", details: { vitalsIds: ids, consultationIds: c.importable.map((f) => f.id) } });
      const all = await api.rowsOf(access, patientId, { format });
      return {
        imported: all.filter((v) => ids.includes(v.id)),
        // Forms without any vitals while the doctor requires them (02 §5 'Require').
        skipped: c.missing.map((m) => ({ consultationId: m.id, message: INTAKE_MESSAGES.vitalsRequired })),
      };
    },
  };
  return api;
}
export type ChartVitals = ReturnType<typeof createChartVitals>;
