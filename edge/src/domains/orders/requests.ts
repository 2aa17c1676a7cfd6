/**
 * Labs, imaging requests and referrals on an encounter (02 §3, §7). The care
 * team creates and edits them and uploads results; the doctor shares, unshares
 * and deletes. Every read and write is audited like the chart's.
 */
import type { Actor } from "../../access/actor.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { labTestByCode } from "../../../../sync/data/lab-tests.ts";
import type {
  Imaging, ImagingCreate, ImagingUpdate, Lab, LabCreate, LabUpdate, OrderFile, Referral, ReferralCreate, ReferralUpdate,
} from "../../../../sync/schemas/orders.ts";
import type { OrderShare } from "../../../../sync/schemas/orders-answers.ts";
import { type OrderTable, ordersAccess } from "./access.ts";
import { notifyOrderChange, type OrdersDeps, storeFiles } from "./common.ts";

type Base = { id: string; encounter_id: string; patient_id: string; is_shared: boolean; created_by: string; created_at: Date; updated_at: Date; total?: number };
type LabRow = Base & { code: string; name: string; comment: string; results: OrderFile[]; results_shared: boolean };
type ImagingRow = Base & {
  type: Imaging["type"]; body_part: Imaging["bodyPart"]; laterality: Imaging["laterality"]; contrast: Imaging["contrast"];
  contrast_allergy: string; implants: string; clinical_history: string; imaging_center: string; comments: string;
  attachments: OrderFile[]; results: OrderFile[];
};
type ReferralRow = Base & {
  specialty: string; reason: string; urgency: Referral["urgency"]; contact_name: string; contact_id: string | null; status: Referral["status"];
};
const base = (r: Base) => ({
  id: r.id, encounterId: r.encounter_id, patientId: r.patient_id, isShared: r.is_shared, createdBy: r.created_by,
  createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
});
export const toLab = (r: LabRow, forPatient: boolean): Lab => ({
  ...base(r), code: r.code, name: r.name, comment: r.comment,
  results: forPatient && !r.results_shared ? [] : r.results, resultsShared: r.results_shared,
  state: r.results.length ? "resulted" : "ordered",
});
export const toImaging = (r: ImagingRow): Imaging => ({
  ...base(r), type: r.type, bodyPart: r.body_part, laterality: r.laterality, contrast: r.contrast, contrastAllergy: r.contrast_allergy,
  implants: r.implants, clinicalHistory: r.clinical_history, imagingCenter: r.imaging_center, comments: r.comments,
  attachments: r.attachments, results: r.results, state: r.results.length ? "resulted" : "ordered",
});
export const toReferral = (r: ReferralRow): Referral => ({
  ...base(r), specialty: r.specialty, reason: r.reason, urgency: r.urgency, contactName: r.contact_name, contactId: r.contact_id,
  status: r.status,
});

function labTest(code: string) {
  const t = labTestByCode.get(code);
  if (!t) throw badRequest("Please correct the highlighted fields", { reason: "VALIDATION_FAILED", fields: { code: "Choose a test from the list" } });
  return t;
}

export function createOrderRequests(deps: OrdersDeps) {
  const { sql, clock, blobs, audit } = deps;
  const now = () => clock.now();
  const row = async <T extends object>(table: OrderTable, id: string): Promise<T> => (await sql<T[]>`select * from ${sql(table)} where id = ${id}`)[0];
  const changed = (patientId: string, kind: "lab" | "imaging" | "referral", id: string, encounterId: string, patientToo: boolean) =>
    notifyOrderChange(deps, patientId, { kind, id, encounterId }, patientToo);

  async function setShared(actor: Actor, table: "labs" | "imagings" | "referrals", id: string, shared: boolean, withResults = false): Promise<OrderShare> {
    const access = ordersAccess(sql, actor);
    const what = access.label(table);
    access.requireDoctor(`${shared ? "share" : "unshare"} a ${what}`);
    const o = await access.order(table, id);
    if (table === "labs") {
      // Unsharing the lab unshares its results; sharing "with patient" shares both.
      await sql`update labs set is_shared = ${shared}, results_shared = ${withResults ? true : shared ? sql`results_shared` : false},
        updated_by = ${actor.userId}, updated_at = ${now()} where id = ${id}`;
    } else {
      await sql`update ${sql(table)} set is_shared = ${shared}, updated_by = ${actor.userId}, updated_at = ${now()} where id = ${id}`;
    }
    const kind = table === "labs" ? "lab" : table === "imagings" ? "imaging" : "referral";
    await audit.write(actor, { patientId: o.patient_id, what: `${kind}.${shared ? (withResults ? "shareWithPatient" : "share") : "unshare"}`, id });
    await changed(o.patient_id, kind, id, o.encounter_id, true);
    return { id, isShared: shared };
  }
  async function remove(actor: Actor, table: "labs" | "imagings" | "referrals", id: string) {
    const access = ordersAccess(sql, actor);
    access.requireDoctor(`delete a ${access.label(table)}`);
    const o = await access.order(table, id);
    await sql`update ${sql(table)} set deleted_at = ${now()}, updated_by = ${actor.userId} where id = ${id}`;
    const kind = table === "labs" ? "lab" : table === "imagings" ? "imaging" : "referral";
    await audit.write(actor, { patientId: o.patient_id, what: `${kind}.delete`, id });
    await changed(o.patient_id, kind, id, o.encounter_id, o.is_shared);
    return { id };
  }

  return {
    // ---- Labs
    async createLab(actor: Actor, encounterId: string, input: LabCreate) {
      const access = ordersAccess(sql, actor);
      access.requirePreparer();
      const e = await access.encounter(encounterId);
      const t = labTest(input.code);
      const [r] = await sql<LabRow[]>`insert into labs (encounter_id, patient_id, code, name, comment, created_by, updated_by, created_at, updated_at)
        values (${encounterId}, ${e.patient_id}, ${t.code}, ${t.name}, ${input.comment}, ${actor.userId}, ${actor.userId}, ${now()}, ${now()}) returning *`;
      await audit.write(actor, { patientId: e.patient_id, what: "lab.create", id: r.id, details: { encounterId, code: t.code } });
      await changed(e.patient_id, "lab", r.id, encounterId, false);
      return toLab(r, false);
    },
    async updateLab(actor: Actor, id: string, input: LabUpdate) {
      const access = ordersAccess(sql, actor);
      access.requirePreparer();
      const o = await access.order("labs", id);
      const before = await row<LabRow>("labs", id);
      const t = input.code ? labTest(input.code) : { code: before.code, name: before.name };
      await sql`update labs set code = ${t.code}, name = ${t.name}, comment = ${input.comment ?? before.comment},
        updated_by = ${actor.userId}, updated_at = ${now()} where id = ${id}`;
      await audit.write(actor, { patientId: o.patient_id, what: "lab.update", id });
      await changed(o.patient_id, "lab", id, o.encounter_id, o.is_shared);
      return toLab(await row<LabRow>("labs", id), false);
    },
    async getLab(actor: Actor, id: string) {
      const access = ordersAccess(sql, actor);
      const o = await access.order("labs", id);
      await audit.read(actor, { patientId: o.patient_id, what: "lab.read", id });
      return toLab(await row<LabRow>("labs", id), access.isPatient);
    },
    async labsOf(actor: Actor, encounterId: string) {
      const access = ordersAccess(sql, actor);
      const e = await access.encounter(encounterId);
      const rows = await sql<LabRow[]>`select r.* from labs r where r.encounter_id = ${encounterId} and ${access.orderVisible("labs", sql`r`)}
        order by r.created_at, r.id`;
      await audit.read(actor, { patientId: e.patient_id, what: "lab.list", details: { encounterId } });
      return rows.map((r) => toLab(r, access.isPatient));
    },
    async addLabResults(actor: Actor, id: string, files: File[]) {
      const access = ordersAccess(sql, actor);
      access.requirePreparer();
      const o = await access.order("labs", id);
      const before = await row<LabRow>("labs", id);
      const added = await storeFiles(deps, o.patient_id, files, "note", before.results.length);
      await sql`update labs set results = ${sql.json([...before.results, ...added] as never)}, updated_by = ${actor.userId},
        updated_at = ${now()} where id = ${id}`;
      await audit.write(actor, { patientId: o.patient_id, what: "lab.results.upload", id, details: { files: added.length } });
      await changed(o.patient_id, "lab", id, o.encounter_id, before.results_shared);
      return toLab(await row<LabRow>("labs", id), false);
    },
    async removeLabResult(actor: Actor, id: string, resultId: string) {
      const access = ordersAccess(sql, actor);
      access.requirePreparer();
      const o = await access.order("labs", id);
      const before = await row<LabRow>("labs", id);
      if (!before.results.some((f) => f.id === resultId)) throw notFound("No such result");
      await sql`update labs set results = ${sql.json(before.results.filter((f) => f.id !== resultId) as never)},
        updated_by = ${actor.userId}, updated_at = ${now()} where id = ${id}`;
      // The bytes stay in blobs (no hard delete of clinical data).
      await audit.write(actor, { patientId: o.patient_id, what: "lab.results.delete", id, details: { resultId } });
      await changed(o.patient_id, "lab", id, o.encounter_id, before.results_shared);
      return toLab(await row<LabRow>("labs", id), false);
    },
    async labFile(actor: Actor, id: string, fileId: string) {
      const access = ordersAccess(sql, actor);
      const o = await access.order("labs", id);
      const lab = toLab(await row<LabRow>("labs", id), access.isPatient);
      const meta = lab.results.find((f) => f.id === fileId);
      const blob = meta ? await blobs.get(meta.id) : null;
      if (!meta || !blob) throw notFound("No such file");
      await audit.read(actor, { patientId: o.patient_id, what: "lab.results.read", id, details: { fileId } });
      return { meta, data: blob.data };
    },
    shareLab: (actor: Actor, id: string) => setShared(actor, "labs", id, true),
    unshareLab: (actor: Actor, id: string) => setShared(actor, "labs", id, false),
    shareLabWithPatient: (actor: Actor, id: string) => setShared(actor, "labs", id, true, true),
    removeLab: (actor: Actor, id: string) => remove(actor, "labs", id),

    // ---- Imaging
    async createImaging(actor: Actor, encounterId: string, input: ImagingCreate, files: File[]) {
      const access = ordersAccess(sql, actor);
      access.requirePreparer();
      const e = await access.encounter(encounterId);
      const attachments = files.length ? await storeFiles(deps, e.patient_id, files, "imaging", 0) : [];
      const [r] = await sql<ImagingRow[]>`insert into imagings (encounter_id, patient_id, type, body_part, laterality, contrast, contrast_allergy,
          implants, clinical_history, imaging_center, comments, attachments, created_by, updated_by, created_at, updated_at)
        values (${encounterId}, ${e.patient_id}, ${input.type}, ${input.bodyPart}, ${input.laterality}, ${input.contrast}, ${input.contrastAllergy},
          ${input.implants}, ${input.clinicalHistory}, ${input.imagingCenter}, ${input.comments}, ${sql.json(attachments as never)},
          ${actor.userId}, ${actor.userId}, ${now()}, ${now()}) returning *`;
      await audit.write(actor, { patientId: e.patient_id, what: "imaging.create", id: r.id, details: { encounterId, type: input.type } });
      await changed(e.patient_id, "imaging", r.id, encounterId, false);
      return toImaging(r);
    },
    async updateImaging(actor: Actor, id: string, input: ImagingUpdate) {
      const access = ordersAccess(sql, actor);
      access.requirePreparer();
      const o = await access.order("imagings", id);
      const b = await row<ImagingRow>("imagings", id);
      await sql`update imagings set type = ${input.type ?? b.type}, body_part = ${input.bodyPart ?? b.body_part},
        laterality = ${input.laterality ?? b.laterality}, contrast = ${input.contrast ?? b.contrast},
        contrast_allergy = ${input.contrastAllergy ?? b.contrast_allergy}, implants = ${input.implants ?? b.implants},
        clinical_history = ${input.clinicalHistory ?? b.clinical_history}, imaging_center = ${input.imagingCenter ?? b.imaging_center},
        comments = ${input.comments ?? b.comments}, updated_by = ${actor.userId}, updated_at = ${now()} where id = ${id}`;
      await audit.write(actor, { patientId: o.patient_id, what: "imaging.update", id });
      await changed(o.patient_id, "imaging", id, o.encounter_id, o.is_shared);
      return toImaging(await row<ImagingRow>("imagings", id));
    },
    async imagingsOf(actor: Actor, encounterId: string, page: { offset: number; limit: number }) {
      const access = ordersAccess(sql, actor);
      const e = await access.encounter(encounterId);
      const rows = await sql<ImagingRow[]>`select r.*, count(*) over ()::int as total from imagings r
        where r.encounter_id = ${encounterId} and ${access.orderVisible("imagings", sql`r`)}
        order by r.created_at, r.id offset ${page.offset} limit ${page.limit}`;
      await audit.read(actor, { patientId: e.patient_id, what: "imaging.list", details: { encounterId } });
      return { list: rows.map(toImaging), totalCount: rows[0]?.total ?? 0 };
    },
    async uploadImagingResults(actor: Actor, id: string, files: File[]) {
      const access = ordersAccess(sql, actor);
      access.requirePreparer();
      const o = await access.order("imagings", id);
      const b = await row<ImagingRow>("imagings", id);
      const added = await storeFiles(deps, o.patient_id, files, "imaging", b.results.length);
      await sql`update imagings set results = ${sql.json([...b.results, ...added] as never)}, updated_by = ${actor.userId},
        updated_at = ${now()} where id = ${id}`;
      await audit.write(actor, { patientId: o.patient_id, what: "imaging.results.upload", id, details: { files: added.length } });
      await changed(o.patient_id, "imaging", id, o.encounter_id, o.is_shared);
      return toImaging(await row<ImagingRow>("imagings", id));
    },
    /** `DELETE attachment/{id} {attachmentId}`: an attachment or a result file. */
    async removeImagingFile(actor: Actor, id: string, fileId: string) {
      const access = ordersAccess(sql, actor);
      access.requirePreparer();
      const o = await access.order("imagings", id);
      const b = await row<ImagingRow>("imagings", id);
      if (![...b.attachments, ...b.results].some((f) => f.id === fileId)) throw notFound("No such attachment");
      await sql`update imagings set attachments = ${sql.json(b.attachments.filter((f) => f.id !== fileId) as never)},
        results = ${sql.json(b.results.filter((f) => f.id !== fileId) as never)}, updated_by = ${actor.userId}, updated_at = ${now()}
        where id = ${id}`;
      await audit.write(actor, { patientId: o.patient_id, what: "imaging.file.delete", id, details: { fileId } });
      await changed(o.patient_id, "imaging", id, o.encounter_id, o.is_shared);
      return toImaging(await row<ImagingRow>("imagings", id));
    },
    async imagingFile(actor: Actor, id: string, fileId: string) {
      const access = ordersAccess(sql, actor);
      const o = await access.order("imagings", id);
      const b = await row<ImagingRow>("imagings", id);
      const meta = [...b.attachments, ...b.results].find((f) => f.id === fileId);
      const blob = meta ? await blobs.get(meta.id) : null;
      if (!meta || !blob) throw notFound("No such file");
      await audit.read(actor, { patientId: o.patient_id, what: "imaging.file.read", id, details: { fileId } });
      return { meta, data: blob.data };
    },
    shareImaging: (actor: Actor, id: string) => setShared(actor, "imagings", id, true),
    unshareImaging: (actor: Actor, id: string) => setShared(actor, "imagings", id, false),
    removeImaging: (actor: Actor, id: string) => remove(actor, "imagings", id),

    // ---- Referrals
    async createReferral(actor: Actor, encounterId: string, input: ReferralCreate) {
      const access = ordersAccess(sql, actor);
      access.requirePreparer();
      const e = await access.encounter(encounterId);
      const [r] = await sql<ReferralRow[]>`insert into referrals (encounter_id, patient_id, specialty, reason, urgency, contact_name, contact_id,
          status, created_by, updated_by, created_at, updated_at)
        values (${encounterId}, ${e.patient_id}, ${input.specialty}, ${input.reason}, ${input.urgency}, ${input.contactName}, ${input.contactId},
          'draft', ${actor.userId}, ${actor.userId}, ${now()}, ${now()}) returning *`;
      await audit.write(actor, { patientId: e.patient_id, what: "referral.create", id: r.id, details: { encounterId } });
      await changed(e.patient_id, "referral", r.id, encounterId, false);
      return toReferral(r);
    },
    async updateReferral(actor: Actor, id: string, input: ReferralUpdate) {
      const access = ordersAccess(sql, actor);
      access.requirePreparer();
      // A VMA prepares the draft; sending it and later states are the doctor's.
      if (input.status && input.status !== "draft") access.requireDoctor("change a referral's status");
      const o = await access.order("referrals", id);
      const b = await row<ReferralRow>("referrals", id);
      await sql`update referrals set specialty = ${input.specialty ?? b.specialty}, reason = ${input.reason ?? b.reason},
        urgency = ${input.urgency ?? b.urgency}, contact_name = ${input.contactName ?? b.contact_name},
        contact_id = ${input.contactId === undefined ? b.contact_id : input.contactId}, status = ${input.status ?? b.status},
        updated_by = ${actor.userId}, updated_at = ${now()} where id = ${id}`;
      await audit.write(actor, { patientId: o.patient_id, what: "referral.update", id, details: input.status ? { status: input.status } : {} });
      await changed(o.patient_id, "referral", id, o.encounter_id, o.is_shared);
      return toReferral(await row<ReferralRow>("referrals", id));
    },
    async referralsOf(actor: Actor, encounterId: string, page: { offset: number; limit: number }) {
      const access = ordersAccess(sql, actor);
      const e = await access.encounter(encounterId);
      const rows = await sql<ReferralRow[]>`select r.*, count(*) over ()::int as total from referrals r
        where r.encounter_id = ${encounterId} and ${access.orderVisible("referrals", sql`r`)}
        order by r.created_at, r.id offset ${page.offset} limit ${page.limit}`;
      await audit.read(actor, { patientId: e.patient_id, what: "referral.list", details: { encounterId } });
      return { list: rows.map(toReferral), totalCount: rows[0]?.total ?? 0 };
    },
    shareReferral: (actor: Actor, id: string) => setShared(actor, "referrals", id, true),
    unshareReferral: (actor: Actor, id: string) => setShared(actor, "referrals", id, false),
    removeReferral: (actor: Actor, id: string) => remove(actor, "referrals", id),
  };
}
export type OrderRequests = ReturnType<typeof createOrderRequests>;
