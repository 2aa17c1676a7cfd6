/**
 * Diagnoses (per encounter, ICD-10-CM from sync/data/icd10.ts; the doctor's)
 * and problems (per patient; the care team adds them, the doctor shares,
 * unshares and deletes). Both shareable with the patient (02 §4).
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { badRequest } from "../../http/errors.ts";
import { icd10ByCode } from "../../../../sync/data/icd10.ts";
import type { Diagnosis, DiagnosisCreate } from "../../../../sync/schemas/diagnosis.ts";
import type { Problem, ProblemCreate } from "../../../../sync/schemas/problem.ts";
import { type ChartAccess, chartAccess } from "./access.ts";
import type { ChartAudit } from "./audit.ts";

type DiagnosisRow = {
  id: string; encounter_id: string; patient_id: string; code: string; description: string; comment: string;
  is_shared: boolean; created_by: string; created_at: Date; total?: number;
};
const toDiagnosis = (r: DiagnosisRow): Diagnosis => ({
  id: r.id, encounterId: r.encounter_id, patientId: r.patient_id, code: r.code, description: r.description,
  comment: r.comment, isShared: r.is_shared, createdBy: r.created_by, createdAt: r.created_at.toISOString(),
});
type ProblemRow = {
  id: string; patient_id: string; name: string; code: string | null; status: Problem["status"]; onset: string;
  comment: string; is_shared: boolean; created_by: string; created_at: Date;
};
const toProblem = (r: ProblemRow): Problem => ({
  id: r.id, patientId: r.patient_id, name: r.name, code: r.code, status: r.status, onset: r.onset, comment: r.comment,
  isShared: r.is_shared, createdBy: r.created_by, createdAt: r.created_at.toISOString(),
});

function icd(code: string) {
  const entry = icd10ByCode.get(code);
  if (!entry) throw badRequest("Please correct the highlighted fields", { reason: "VALIDATION_FAILED", fields: { code: "Unknown ICD-10 code" } });
  return entry;
}

export function createChartFindings(deps: Pick<Deps, "sql" | "clock"> & { audit: ChartAudit }) {
  const { sql, clock, audit } = deps;

  async function setShared(actor: Actor, table: "diagnoses" | "problems", id: string, shared: boolean) {
    const access = chartAccess(sql, actor);
    const what = table === "diagnoses" ? "diagnosis" : "problem";
    access.requireDoctor(`${shared ? "share" : "unshare"} a ${what}`);
    const r = await access.shareable(table, id);
    await sql`update ${sql(table)} set is_shared = ${shared}, updated_at = ${clock.now()} where id = ${id}`;
    await audit.write(actor, { patientId: r.patient_id, what: `${what}.${shared ? "share" : "unshare"}`, id });
    return table === "diagnoses" ? toDiagnosis(await diagnosis(id)) : toProblem(await problem(id));
  }
  async function remove(actor: Actor, table: "diagnoses" | "problems", id: string) {
    const access = chartAccess(sql, actor);
    const what = table === "diagnoses" ? "diagnosis" : "problem";
    access.requireDoctor(`delete a ${what}`);
    const r = await access.shareable(table, id);
    await sql`update ${sql(table)} set deleted_at = ${clock.now()} where id = ${id}`;
    await audit.write(actor, { patientId: r.patient_id, what: `${what}.delete`, id });
    return { id };
  }
  const diagnosis = async (id: string) => (await sql<DiagnosisRow[]>`select * from diagnoses where id = ${id}`)[0];
  const problem = async (id: string) => (await sql<ProblemRow[]>`select * from problems where id = ${id}`)[0];

  return {
    async createDiagnosis(actor: Actor, encounterId: string, input: DiagnosisCreate) {
      const access = chartAccess(sql, actor);
      access.requireDoctor("add a diagnosis");
      const e = await access.encounter(encounterId);
      const entry = icd(input.code);
      const [row] = await sql<DiagnosisRow[]>`insert into diagnoses (encounter_id, patient_id, code, description, comment, created_by, created_at, updated_at)
        values (${encounterId}, ${e.patient_id}, ${entry.code}, ${entry.description}, ${input.comment}, ${actor.userId}, ${clock.now()}, ${clock.now()})
        returning *`;
      await audit.write(actor, { patientId: e.patient_id, what: "diagnosis.create", id: row.id, details: { encounterId, code: entry.code } });
      return toDiagnosis(row);
    },
    async editDiagnosis(actor: Actor, id: string, input: { code?: string; comment?: string }) {
      const access = chartAccess(sql, actor);
      access.requireDoctor("change a diagnosis");
      const r = await access.shareable("diagnoses", id);
      const before = await diagnosis(id);
      const entry = input.code ? icd(input.code) : { code: before.code, description: before.description };
      await sql`update diagnoses set code = ${entry.code}, description = ${entry.description},
        comment = ${input.comment ?? before.comment}, updated_at = ${clock.now()} where id = ${id}`;
      await audit.write(actor, { patientId: r.patient_id, what: "diagnosis.update", id });
      return toDiagnosis(await diagnosis(id));
    },
    async listDiagnoses(actor: Actor, encounterId: string, page: { offset: number; limit: number }) {
      const access = chartAccess(sql, actor);
      const e = await access.encounter(encounterId);
      const rows = await sql<DiagnosisRow[]>`select d.*, count(*) over ()::int as total from diagnoses d
        where d.encounter_id = ${encounterId} and d.deleted_at is null and ${access.sharedOnly(sql`d`)}
        order by d.created_at, d.id offset ${page.offset} limit ${page.limit}`;
      await audit.read(actor, { patientId: e.patient_id, what: "diagnosis.list", details: { encounterId } });
      return { list: rows.map(toDiagnosis), totalCount: rows[0]?.total ?? 0 };
    },
    shareDiagnosis: (actor: Actor, id: string) => setShared(actor, "diagnoses", id, true),
    unshareDiagnosis: (actor: Actor, id: string) => setShared(actor, "diagnoses", id, false),
    removeDiagnosis: (actor: Actor, id: string) => remove(actor, "diagnoses", id),
    async diagnosesOf(access: ChartAccess, encounterId: string) {
      const rows = await sql<DiagnosisRow[]>`select d.* from diagnoses d where d.encounter_id = ${encounterId}
        and d.deleted_at is null and ${access.sharedOnly(sql`d`)} order by d.created_at, d.id`;
      return rows.map(toDiagnosis);
    },

    async listProblems(actor: Actor, patientId: string) {
      const access = chartAccess(sql, actor);
      await access.patient(patientId);
      await audit.read(actor, { patientId, what: "problem.list" });
      return await this.problemsOf(access, patientId);
    },
    async problemsOf(access: ChartAccess, patientId: string) {
      const rows = await sql<ProblemRow[]>`select p.* from problems p where p.patient_id = ${patientId}
        and p.deleted_at is null and ${access.sharedOnly(sql`p`)} order by p.status, p.created_at desc, p.id`;
      return rows.map(toProblem);
    },
    async createProblem(actor: Actor, patientId: string, input: ProblemCreate) {
      const access = chartAccess(sql, actor);
      access.requireCareTeam();
      await access.patient(patientId);
      const [row] = await sql<ProblemRow[]>`insert into problems (patient_id, name, code, status, onset, comment, created_by, created_at, updated_at)
        values (${patientId}, ${input.name}, ${input.code ?? null}, ${input.status}, ${input.onset}, ${input.comment}, ${actor.userId},
          ${clock.now()}, ${clock.now()}) returning *`;
      await audit.write(actor, { patientId, what: "problem.create", id: row.id });
      return toProblem(row);
    },
    shareProblem: (actor: Actor, id: string) => setShared(actor, "problems", id, true),
    unshareProblem: (actor: Actor, id: string) => setShared(actor, "problems", id, false),
    removeProblem: (actor: Actor, id: string) => remove(actor, "problems", id),
  };
}
export type ChartFindings = ReturnType<typeof createChartFindings>;
