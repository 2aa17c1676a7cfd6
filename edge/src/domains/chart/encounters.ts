/** Encounters: list, dropdown, read, create (doctor only), update, delete, orders, PDF download, send to the patient. */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { createPdf, type PdfLine } from "../../platform/pdf.ts";
import type { SignatureBlock } from "./signature.ts";
import type { z } from "zod";
import type {
  Encounter,
  EncounterCreate,
  EncounterCreator,
  encounterDownloadSchema,
  EncounterDropdownItem,
  encounterDropdownQuerySchema,
  encounterListQuerySchema,
  EncounterType,
  EncounterUpdate,
} from "../../../../sync/schemas/encounter.ts";
import { chartAccess, type EncounterRow } from "./access.ts";
import type { ChartAudit } from "./audit.ts";
import type { ChartFindings } from "./findings.ts";
import type { ChartNotes } from "./notes.ts";
import type { ChartVitals } from "./vitals.ts";
import { withRecordIds } from "./patients.ts";
import { createMedicalCardRepo } from "../patients/medical-card-repo.ts";
import type { SyncWrite, SyncWriter } from "../sync/writer.ts";
import type { VisitEncounters } from "../consultations/visit-encounters.ts";
import type { Queryable } from "../../db/connect.ts";

export function toEncounter(r: EncounterRow, forPatient: boolean): Encounter {
  return {
    id: r.id, patientId: r.patient_id, doctorId: r.doctor_id, type: r.type as EncounterType, reason: r.reason,
    encounterDatetime: r.encounter_datetime.toISOString(), consultationId: r.consultation_id,
    // The free-text details reach the patient only once the encounter itself was sent.
    details: forPatient && !r.is_shared ? "" : r.details,
    isShared: r.is_shared, createdBy: r.created_by, createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
  };
}

type Deps2 = Pick<Deps, "sql" | "clock"> & {
  audit: ChartAudit;
  notes: ChartNotes;
  findings: ChartFindings;
  vitals: ChartVitals;
  write: SyncWriter;
  /** The encounter's doctor's name and signature image, at the end of its PDF. */
  signatureBlock: SignatureBlock;
  /** Links a visit's encounter to its consultation (the consultations domain's). */
  visits: VisitEncounters;
};

/** Gives these notes new seqs: a change of their encounter changed what devices hold of them (synced notes). */
async function resequenceNotes(w: SyncWrite, ids: { id: string }[]) {
  for (const { id } of ids) await w.update("encounter_notes", id, {}, []);
}

export function createChartEncounters(deps: Deps2) {
  const { sql, clock, audit, write } = deps;
  const cards = createMedicalCardRepo(sql);

  async function share(actor: Actor, id: string, all: boolean) {
    const access = chartAccess(sql, actor);
    access.requireDoctor("send an encounter to the patient");
    const e = await access.encounter(id);
    const now = clock.now();
    await write(all ? ["encounter_notes"] : [], async (w) => {
      const tx = w.tx;
      await tx`update encounters set is_shared = true, shared_at = ${now}, updated_at = ${now} where id = ${id}`;
      if (all) {
        await resequenceNotes(w, await tx<{ id: string }[]>`update encounter_notes set is_shared = true, updated_at = ${now}
          where encounter_id = ${id} and deleted_at is null returning id`);
        await tx`update diagnoses set is_shared = true, updated_at = ${now} where encounter_id = ${id} and deleted_at is null`;
      }
      await tx`insert into site_notifications (user_id, kind, payload)
        values (${e.patient_id}, 'encounter.shared', ${tx.json({ encounterId: id, reason: e.reason, all } as never)})`;
    });
    await audit.write(actor, { patientId: e.patient_id, what: all ? "encounter.sendAll" : "encounter.send", id });
    return toEncounter(await access.encounter(id), false);
  }

  return {
    async list(actor: Actor, patientId: string, q: z.output<typeof encounterListQuerySchema>) {
      const access = chartAccess(sql, actor);
      await access.patient(patientId);
      const pattern = q.search ? `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
      const rows = await sql<(EncounterRow & { total: number })[]>`
        select e.*, count(*) over ()::int as total from encounters e
        where e.patient_id = ${patientId} and ${access.encounterVisible(sql`e`)}
          and (${pattern}::text is null or e.reason ilike ${pattern} or e.type ilike ${pattern})
          and (${q.doctorId ?? null}::uuid is null or e.created_by = ${q.doctorId ?? null})
          and (${q.type ?? null}::text is null or e.type = ${q.type ?? null})
        order by e.encounter_datetime desc, e.id offset ${q.offset} limit ${q.limit}`;
      await audit.read(actor, { patientId, what: "encounter.list" });
      return { list: rows.map((r) => toEncounter(r, access.isPatient)), totalCount: rows[0]?.total ?? 0 };
    },

    /** For pickers: `{id, label}`; the search is trimmed (02 §5) and an all-blank search lists everything. */
    async dropdown(actor: Actor, patientId: string, q: z.output<typeof encounterDropdownQuerySchema>): Promise<EncounterDropdownItem[]> {
      const access = chartAccess(sql, actor);
      await access.patient(patientId);
      const pattern = q.search ? `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
      const rows = await sql<{ id: string; reason: string; type: string; encounter_datetime: Date }[]>`
        select e.id, e.reason, e.type, e.encounter_datetime from encounters e
        where e.patient_id = ${patientId} and ${access.encounterVisible(sql`e`)}
          and (${pattern}::text is null or e.reason ilike ${pattern})
        order by e.encounter_datetime desc, e.id limit ${q.limit}`;
      await audit.read(actor, { patientId, what: "encounter.dropdown" });
      return rows.map((r) => ({
        id: r.id, label: `${r.encounter_datetime.toISOString().slice(0, 10)} ${r.reason}`, type: r.type as EncounterType,
        encounterDatetime: r.encounter_datetime.toISOString(),
      }));
    },

    /** The doctors who wrote the patient's visible encounters, by name (for the list's doctor filter). */
    async creators(actor: Actor, patientId: string): Promise<EncounterCreator[]> {
      const access = chartAccess(sql, actor);
      await access.patient(patientId);
      const rows = await sql<{ id: string; first_name: string; last_name: string }[]>`
        select distinct u.id, u.first_name, u.last_name from encounters e join users u on u.id = e.created_by
        where e.patient_id = ${patientId} and ${access.encounterVisible(sql`e`)}
        order by u.last_name, u.first_name, u.id`;
      await audit.read(actor, { patientId, what: "encounter.creators" });
      return rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name }));
    },

    async get(actor: Actor, id: string) {
      const access = chartAccess(sql, actor);
      const e = await access.encounter(id);
      await audit.read(actor, { patientId: e.patient_id, what: "encounter.read", id });
      return toEncounter(e, access.isPatient);
    },

    async create(actor: Actor, patientId: string, input: EncounterCreate) {
      const access = chartAccess(sql, actor);
      access.requireDoctor("create an encounter");
      await access.patient(patientId);
      const insert = async (q: Queryable) => {
        const [row] = await q<{ id: string }[]>`
          insert into encounters (patient_id, doctor_id, type, reason, encounter_datetime, consultation_id, details, created_by, created_at, updated_at)
          values (${patientId}, ${actor.userId}, ${input.type}, ${input.reason}, ${input.datetime}, ${input.consultationId ?? null},
            ${input.details ?? ""}, ${actor.userId}, ${clock.now()}, ${clock.now()})
          returning id`;
        return row.id;
      };
      // A visit's encounter is linked to its consultation in the same transaction (one per visit).
      const id = input.consultationId
        ? await deps.visits.document({ doctorId: actor.userId, patientId, consultationId: input.consultationId }, insert)
        : await insert(sql);
      await audit.write(actor, { patientId, what: "encounter.create", id });
      return toEncounter(await access.encounter(id), false);
    },

    async update(actor: Actor, id: string, input: EncounterUpdate) {
      const access = chartAccess(sql, actor);
      access.requireDoctor("change an encounter");
      const e = await access.encounter(id);
      await sql`update encounters set type = ${input.type ?? e.type}, reason = ${input.reason ?? e.reason},
        encounter_datetime = ${input.datetime ?? e.encounter_datetime}, details = ${input.details ?? e.details},
        updated_at = ${clock.now()} where id = ${id}`;
      await audit.write(actor, { patientId: e.patient_id, what: "encounter.update", id, details: { fields: Object.keys(input) } });
      return toEncounter(await access.encounter(id), false);
    },

    /** Hides the encounter (and so its notes and diagnoses); nothing is erased. */
    async remove(actor: Actor, id: string) {
      const access = chartAccess(sql, actor);
      access.requireDoctor("delete an encounter");
      const e = await access.encounter(id);
      await write(["encounter_notes"], async (w) => {
        await w.tx`update encounters set deleted_at = ${clock.now()} where id = ${id}`;
        // Its notes now read as deleted on the care team's devices.
        await resequenceNotes(w, await w.tx<{ id: string }[]>`select id from encounter_notes where encounter_id = ${id} and not deleted`);
      });
      // Its visit can be documented again.
      if (e.consultation_id) await deps.visits.forget(id);
      await audit.write(actor, { patientId: e.patient_id, what: "encounter.delete", id });
      return { id };
    },

    /**
     * Prescriptions, labs, imagings and referrals of the encounter. Those
     * entities come with their own issue; until then the list is empty.
     */
    /** A PDF of the chosen parts, with only what the caller may see (a patient: what is shared). */
    async download(actor: Actor, id: string, input: z.output<typeof encounterDownloadSchema>) {
      const access = chartAccess(sql, actor);
      const e = await access.encounter(id);
      const patient = await access.patient(e.patient_id);
      const enc = toEncounter(e, access.isPatient);
      const lines: PdfLine[] = [
        { text: `Encounter: ${enc.reason}`, bold: true },
        { text: `Patient: ${patient.first_name} ${patient.last_name}${patient.birth_date ? `, born ${patient.birth_date}` : ""}` },
        { text: `Type: ${enc.type}    Date: ${enc.encounterDatetime.slice(0, 16).replace("T", " ")} UTC` },
        { text: "" },
      ];
      const fields = new Set(input.fields);
      if (fields.has("details") && enc.details) lines.push({ text: "Details", bold: true }, { text: enc.details }, { text: "" });
      if (fields.has("notes")) {
        lines.push({ text: "Notes", bold: true });
        for (const n of await deps.notes.rowsOf(access, id)) {
          lines.push({ text: `${n.noteTypeName} (${n.createdAt.slice(0, 10)})` });
          // A field's later lines (list items, paragraphs: collab/note-text.ts) are indented under its name.
          for (const [k, v] of Object.entries(n.fields)) lines.push({ text: `  ${k}: ${v.replaceAll("\n", "\n    ")}` });
        }
        lines.push({ text: "" });
      }
      if (fields.has("diagnoses")) {
        lines.push({ text: "Diagnoses", bold: true });
        for (const d of await deps.findings.diagnosesOf(access, id)) lines.push({ text: `${d.code} ${d.description}${d.comment ? ` - ${d.comment}` : ""}` });
        lines.push({ text: "" });
      }
      if (fields.has("vitals")) {
        lines.push({ text: "Vitals", bold: true });
        for (const v of await deps.vitals.rowsOf(access, e.patient_id, { encounterId: id, format: "imperial" })) {
          lines.push({ text: `${v.recordedAt.slice(0, 10)} BP ${v.bloodPressure ?? "-"}, HR ${v.heartRate ?? "-"}, Wt ${v.weight ?? "-"} lbs, Ht ${v.height ?? "-"} in, BMI ${v.bmi ?? "-"}, T ${v.temperature ?? "-"} F, RR ${v.respiratoryRate ?? "-"}` });
        }
        lines.push({ text: "" });
      }
      if (fields.has("problems")) {
        lines.push({ text: "Problems", bold: true });
        for (const p of await deps.findings.problemsOf(access, e.patient_id)) lines.push({ text: `${p.name}${p.code ? ` (${p.code})` : ""} - ${p.status}` });
        lines.push({ text: "" });
      }
      if (fields.has("medicalCard")) {
        const card = withRecordIds(await cards.get<never>(e.patient_id));
        lines.push({ text: "Medical card", bold: true });
        lines.push({ text: `Allergies: ${card.allergiesNoSignificant ? "none significant" : card.allergies.map((a) => a.name).join(", ") || "-"}` });
        lines.push({ text: `Medications: ${card.medications.map((m) => `${m.name} ${m.dose} ${m.frequency}`.trim()).join(", ") || "-"}` });
        lines.push({ text: `Past medical: ${card.pastMedicalHistory.map((p) => p.disease).join(", ") || "-"}` });
        lines.push({ text: `Surgical: ${card.surgicalHistory.map((s) => s.surgery).join(", ") || "-"}` });
        lines.push({ text: `Family: ${card.familyHistoryNoSignificant ? "none significant" : card.familyHistory.map((f) => `${f.member}: ${f.condition}`).join(", ") || "-"}` });
      }
      lines.push({ text: "" }, ...await deps.signatureBlock(e.doctor_id));
      await audit.read(actor, { patientId: e.patient_id, what: "encounter.download", id, details: { fields: input.fields } });
      return await createPdf(lines, { title: `Encounter ${enc.encounterDatetime.slice(0, 10)}` });
    },

    send: (actor: Actor, id: string) => share(actor, id, false),
    sendAll: (actor: Actor, id: string) => share(actor, id, true),
  };
}
