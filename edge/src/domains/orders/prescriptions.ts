/**
 * Prescriptions and e-prescribing (02 §3, §4, §5, §7, §9). The doctor writes a draft from the shipped medication
 * list, edits it, sends it (draft → current) to the patient's pharmacy through the e-prescribing vendor, and later
 * discontinues (current → discontinued) or cancels (draft/current → cancelled) it. The server refuses controlled
 * substances and hormone/testosterone products, and days/refills over the patient's plan maximums. A medication
 * touching a recorded allergy is flagged and must be confirmed at send. The vendor reports the transmission
 * later with a signed callback. Prescriptions written in the vendor's own UI are imported by ./erx-import.ts.
 */
import type { Actor } from "../../access/actor.ts";
import type { AuditLog } from "../audit/log.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { ERX_CHECK_AFTER_SECONDS, ERX_CHECK_JOB, ERX_STATUS_JOB } from "./jobs.ts";
import { AppError, conflict, forbidden, notFound } from "../../http/errors.ts";
import { allergyMatches } from "../../../../sync/data/allergens.ts";
import { medicationById } from "../../../../sync/data/medications.ts";
import { pharmacyById } from "../../../../sync/data/pharmacies.ts";
import {
  ARCHIVED_STATUS, ERX_STATUS, ERX_SUBSTATUS, type ErxProfileCheck, type Prescription, type PrescriptionCreate, type PrescriptionUpdate,
} from "../../../../sync/schemas/orders.ts";
import type { ErxCallbackAnswer, ErxState } from "../../../../sync/schemas/orders-answers.ts";
import { ErxRejected, type ErxStatusEvent, ErxUnavailable } from "../../platform/erx/erx.ts";
import { ordersAccess } from "./access.ts";
import { iso, notifyOrderChange, type OrdersDeps } from "./common.ts";
import { limitErrors, prescriptionLimitsFor } from "./plan-limits.ts";
import { createMedicalCardRepo } from "../patients/medical-card-repo.ts";
import { doctorProfile, DOCTOR_ERX_FIELDS, missingOf, patientProfile, requireErxProfiles, syncVendorPatient } from "./erx-profiles.ts";
import { createOutsideImport } from "./erx-import.ts";
import { fieldError, medication, pharmacy, type PrescriptionRow } from "./prescription-row.ts";

export function createPrescriptions(deps: OrdersDeps & { auditLog: AuditLog; jobs: JobQueue }) {
  const { sql, clock, audit, erx, planKindOf } = deps;
  const cards = createMedicalCardRepo(sql);
  const now = () => clock.now();
  const get = async (id: string) => (await sql<PrescriptionRow[]>`select * from prescriptions where id = ${id}`)[0];

  async function allergiesOf(patientId: string) {
    const card = await cards.get<{ allergies?: { name: string }[] }>(patientId);
    return card?.allergies ?? [];
  }
  async function toPrescription(r: PrescriptionRow, allergies?: { name: string }[]): Promise<Prescription> {
    const ph = r.pharmacy_id ? pharmacyById.get(r.pharmacy_id) ?? null : null;
    const med = medicationById.get(r.medication_id);
    return {
      id: r.id, encounterId: r.encounter_id, patientId: r.patient_id, doctorId: r.doctor_id, medicationId: r.medication_id,
      medication: r.medication, instructions: r.instructions, quantity: r.quantity, unit: r.unit, days: r.days, refills: r.refills,
      substitutionAllowed: r.substitution_allowed, daw: r.daw, additionalSig: r.additional_sig, pharmacistMessage: r.pharmacist_message,
      pharmacyId: r.pharmacy_id,
      pharmacy: ph ? { ncpdp: ph.ncpdp, name: ph.name, address: ph.address, city: ph.city, state: ph.state, zip: ph.zip, phone: ph.phone } : null,
      status: r.status, isDraft: r.status === "draft", erxStatus: r.erx_status, erxSubstatus: r.erx_substatus, archived: r.archived,
      transmission: r.transmission, transmissionError: r.transmission_error, sentAt: iso(r.sent_at), transmittedAt: iso(r.transmitted_at),
      allergyMatches: med ? allergyMatches(allergies ?? await allergiesOf(r.patient_id), med) : [],
      createdBy: r.created_by, createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
    };
  }
  async function checkLimits(patientId: string, doctorId: string, v: { days: number; refills: number }) {
    const limits = prescriptionLimitsFor(await planKindOf(patientId, doctorId));
    const errors = limitErrors(limits, v);
    if (errors) throw new AppError(422, Object.values(errors).join("; "), { reason: "PLAN_LIMIT", fields: errors, plan: limits.plan });
  }

  async function changeStatus(actor: Actor, id: string, to: "discontinued" | "cancelled") {
    const access = ordersAccess(sql, actor);
    access.requirePrescriber(to === "cancelled" ? "cancel a prescription" : "discontinue a prescription");
    const o = await access.order("prescriptions", id);
    const r = await get(id);
    const allowed = to === "discontinued" ? r.status === "current" : r.status === "draft" || r.status === "current";
    if (!allowed) {
      throw conflict(
        to === "discontinued" ? `Only a current prescription can be discontinued (this one is ${r.status})` : `A ${r.status} prescription cannot be cancelled`,
        "PRESCRIPTION_STATE",
      );
    }
    await sql`update prescriptions set status = ${to}, archived = ${to === "cancelled" ? "C" : "Y"}, updated_by = ${actor.userId},
      updated_at = ${now()} where id = ${id}`;
    await audit.write(actor, { patientId: o.patient_id, what: `prescription.${to === "cancelled" ? "cancel" : "discontinue"}`, id });
    await notifyOrderChange(deps, o.patient_id, { kind: "prescription", id, encounterId: o.encounter_id }, r.status !== "draft");
    return await toPrescription(await get(id));
  }

  /** Applies a vendor status report once (idempotent by event id); a report about an unknown prescription is ignored. */
  async function applyStatus(e: ErxStatusEvent): Promise<boolean> {
    const [r] = await sql<PrescriptionRow[]>`select * from prescriptions where vendor_prescription_id = ${e.prescriptionId}`;
    if (!r) return false;
    const [fresh] = await sql<{ event_id: string }[]>`insert into erx_callbacks (event_id) values (${e.eventId})
      on conflict (event_id) do nothing returning event_id`;
    if (!fresh) return false;
    if (e.status === "pending") return true;
    await sql`update prescriptions set transmission = ${e.status}, transmission_error = ${e.status === "error" ? e.detail ?? "Transmission failed" : null},
      transmitted_at = ${e.status === "transmitted" ? now() : null}, updated_at = ${now()} where id = ${r.id}`;
    await deps.auditLog.record({
      event: "chart.write", actorId: null, subjectId: r.patient_id,
      details: { what: "prescription.erxStatus", id: r.id, status: e.status, vendor: erx.vendor },
    });
    await notifyOrderChange(deps, r.patient_id, { kind: "prescription", id: r.id, encounterId: r.encounter_id }, true);
    return true;
  }

  /** A pending transmission is asked of the vendor and applied; answers the transmission after. */
  async function checkPending(id: string): Promise<Prescription["transmission"]> {
    const r = await get(id);
    if (!r || r.transmission !== "pending" || !r.vendor_prescription_id || !r.vendor_patient_id) return r?.transmission ?? "none";
    const s = await erx.status({ patientId: r.vendor_patient_id, prescriptionId: r.vendor_prescription_id });
    if (s.status === "pending") return "pending";
    await applyStatus({ eventId: `poll:${r.vendor_prescription_id}:${s.status}`, prescriptionId: r.vendor_prescription_id, ...s });
    return s.status;
  }

  return {
    applyStatus,
    checkPending,
    async create(actor: Actor, encounterId: string, input: PrescriptionCreate) {
      const access = ordersAccess(sql, actor);
      access.requirePrescriber("write a prescription");
      const e = await access.encounter(encounterId);
      const m = medication(input.medicationId);
      pharmacy(input.pharmacyId);
      await checkLimits(e.patient_id, actor.userId, input);
      const [r] = await sql<PrescriptionRow[]>`insert into prescriptions (encounter_id, patient_id, doctor_id, medication_id, medication,
          instructions, quantity, unit, days, refills, substitution_allowed, daw, additional_sig, pharmacist_message, pharmacy_id, status,
          created_by, updated_by, created_at, updated_at)
        values (${encounterId}, ${e.patient_id}, ${actor.userId}, ${m.rxcui}, ${m.display}, ${input.instructions}, ${input.quantity},
          ${input.unit}, ${input.days}, ${input.refills}, ${input.substitutionAllowed && !input.daw}, ${input.daw}, ${input.additionalSig},
          ${input.pharmacistMessage}, ${input.pharmacyId}, 'draft', ${actor.userId}, ${actor.userId}, ${now()}, ${now()}) returning *`;
      await audit.write(actor, { patientId: e.patient_id, what: "prescription.create", id: r.id, details: { encounterId, rxcui: m.rxcui } });
      await notifyOrderChange(deps, e.patient_id, { kind: "prescription", id: r.id, encounterId }, false);
      return await toPrescription(r);
    },

    async update(actor: Actor, id: string, input: PrescriptionUpdate) {
      if (input.status) return await changeStatus(actor, id, input.status);
      const access = ordersAccess(sql, actor);
      access.requirePrescriber("change a prescription");
      const o = await access.order("prescriptions", id);
      const b = await get(id);
      if (b.status !== "draft") throw conflict(`Only a draft can be edited (this one is ${b.status})`, "PRESCRIPTION_STATE");
      const m = input.medicationId ? medication(input.medicationId) : null;
      if (input.pharmacyId !== undefined) pharmacy(input.pharmacyId);
      const next = { days: input.days ?? b.days, refills: input.refills ?? b.refills };
      await checkLimits(o.patient_id, b.doctor_id, next);
      const daw = input.daw ?? b.daw;
      const substitution = (input.substitutionAllowed ?? b.substitution_allowed) && !daw;
      await sql`update prescriptions set medication_id = ${m?.rxcui ?? b.medication_id}, medication = ${m?.display ?? b.medication},
        instructions = ${input.instructions ?? b.instructions}, quantity = ${input.quantity ?? b.quantity}, unit = ${input.unit ?? b.unit},
        days = ${next.days}, refills = ${next.refills}, substitution_allowed = ${substitution}, daw = ${daw},
        additional_sig = ${input.additionalSig ?? b.additional_sig}, pharmacist_message = ${input.pharmacistMessage ?? b.pharmacist_message},
        pharmacy_id = ${input.pharmacyId === undefined ? b.pharmacy_id : input.pharmacyId}, updated_by = ${actor.userId}, updated_at = ${now()}
        where id = ${id}`;
      await audit.write(actor, { patientId: o.patient_id, what: "prescription.update", id });
      await notifyOrderChange(deps, o.patient_id, { kind: "prescription", id, encounterId: o.encounter_id }, false);
      return await toPrescription(await get(id));
    },

    async remove(actor: Actor, id: string) {
      const access = ordersAccess(sql, actor);
      access.requirePrescriber("delete a prescription");
      const o = await access.order("prescriptions", id);
      const r = await get(id);
      if (r.status !== "draft") throw conflict("Only a draft can be deleted; cancel or discontinue a sent prescription", "PRESCRIPTION_STATE");
      await sql`update prescriptions set deleted_at = ${now()}, updated_by = ${actor.userId} where id = ${id}`;
      await audit.write(actor, { patientId: o.patient_id, what: "prescription.delete", id });
      await notifyOrderChange(deps, o.patient_id, { kind: "prescription", id, encounterId: o.encounter_id }, false);
      return { id };
    },

    async get(actor: Actor, id: string) {
      const access = ordersAccess(sql, actor);
      const o = await access.order("prescriptions", id);
      await audit.read(actor, { patientId: o.patient_id, what: "prescription.read", id });
      return await toPrescription(await get(id));
    },

    /** `list/{encounterId}`. */
    async ofEncounter(actor: Actor, encounterId: string) {
      const access = ordersAccess(sql, actor);
      const e = await access.encounter(encounterId);
      const rows = await sql<PrescriptionRow[]>`select r.* from prescriptions r where r.encounter_id = ${encounterId}
        and ${access.orderVisible("prescriptions", sql`r`)} order by r.created_at, r.id`;
      await audit.read(actor, { patientId: e.patient_id, what: "prescription.list", details: { encounterId } });
      const allergies = await allergiesOf(e.patient_id);
      return await Promise.all(rows.map((r) => toPrescription(r, allergies)));
    },

    /** `list/all/{patientId}`. */
    async ofPatient(actor: Actor, patientId: string, q: { offset: number; limit: number; status?: Prescription["status"] }) {
      const access = ordersAccess(sql, actor);
      await access.patient(patientId);
      const rows = await sql<PrescriptionRow[]>`select r.*, count(*) over ()::int as total from prescriptions r
        where r.patient_id = ${patientId} and ${access.orderVisible("prescriptions", sql`r`)}
          and (${q.status ?? null}::text is null or r.status = ${q.status ?? null})
        order by r.created_at desc, r.id offset ${q.offset} limit ${q.limit}`;
      await audit.read(actor, { patientId, what: "prescription.list" });
      const allergies = await allergiesOf(patientId);
      return { list: await Promise.all(rows.map((r) => toPrescription(r, allergies))), totalCount: rows[0]?.total ?? 0 };
    },

    /** `PUT send/{id}`: draft → current, to the vendor. */
    async send(actor: Actor, id: string, input: { allergyOverride: boolean }) {
      const access = ordersAccess(sql, actor);
      access.requirePrescriber("send a prescription");
      const o = await access.order("prescriptions", id);
      const r = await get(id);
      if (r.status !== "draft") throw conflict(`Only a draft can be sent (this one is ${r.status})`, "PRESCRIPTION_STATE");
      if (r.doctor_id !== actor.userId) throw forbidden("Only the prescribing doctor may send this prescription", "DOCTOR_ONLY");
      const m = medication(r.medication_id);
      const ph = pharmacy(r.pharmacy_id);
      if (!ph) throw fieldError({ pharmacyId: "Choose the patient's pharmacy before sending" });
      await checkLimits(r.patient_id, r.doctor_id, r);
      const doctor = await doctorProfile(sql, r.doctor_id);
      const patient = await patientProfile(sql, r.patient_id);
      requireErxProfiles({ doctor, patient });
      const matches = allergyMatches(await allergiesOf(r.patient_id), m);
      if (matches.length && !input.allergyOverride) {
        throw new AppError(409, `Allergy warning: ${matches.map((x) => x.reason).join("; ")}. Confirm to send anyway.`, {
          reason: "ALLERGY_CONFLICT", matches,
        });
      }
      let sent: { prescriptionId: string; patientId: string };
      try {
        const { clinicianId } = await erx.syncPrescriber({
          externalId: r.doctor_id, firstName: doctor!.firstName!, lastName: doctor!.lastName!, npi: doctor!.npi, dea: doctor!.dea,
          address: doctor!.address, city: doctor!.city, state: doctor!.state, zip: doctor!.zip, phone: doctor!.phoneNumber, fax: doctor!.fax,
        });
        const vendorPatient = await syncVendorPatient(erx, r.patient_id, patient);
        const res = await erx.send({
          clinicianId, patientId: vendorPatient,
          prescription: {
            externalId: r.id, rxcui: m.rxcui, displayName: r.medication, quantity: r.quantity, unit: r.unit, daysSupply: r.days,
            refills: r.refills, noSubstitutions: !r.substitution_allowed, directions: [r.instructions, r.additional_sig].filter(Boolean).join(" "),
            pharmacyNotes: r.pharmacist_message, pharmacyId: ph.ncpdp,
          },
        });
        sent = { prescriptionId: res.prescriptionId, patientId: vendorPatient };
      } catch (err) {
        if (err instanceof ErxRejected) {
          await audit.write(actor, { patientId: r.patient_id, what: "prescription.send.rejected", id, details: { code: err.code } });
          throw new AppError(422, err.code === "ERX_LOGIN" ? err.message : `The e-prescribing service refused it: ${err.message}`, {
            reason: err.code,
          });
        }
        if (err instanceof ErxUnavailable) {
          deps.log.warn("e-prescribing unavailable", { prescriptionId: id });
          throw new AppError(503, "The e-prescribing service is unavailable. The prescription stays a draft: try again shortly.", {
            reason: "ERX_UNAVAILABLE",
          });
        }
        throw err;
      }
      await sql`update prescriptions set status = 'current', erx_status = 3, erx_substatus = 'S', archived = 'N', transmission = 'pending',
        transmission_error = null, vendor_prescription_id = ${sent.prescriptionId}, vendor_patient_id = ${sent.patientId}, sent_at = ${now()},
        updated_by = ${actor.userId}, updated_at = ${now()} where id = ${id}`;
      await deps.jobs.send(ERX_CHECK_JOB, { prescriptionId: id }, { singletonKey: id, startAfter: ERX_CHECK_AFTER_SECONDS });
      await audit.write(actor, {
        patientId: r.patient_id, what: "prescription.send", id,
        details: { vendor: erx.vendor, pharmacy: ph.ncpdp, allergyOverride: matches.length > 0 },
      });
      await notifyOrderChange(deps, o.patient_id, { kind: "prescription", id, encounterId: o.encounter_id }, true);
      return await toPrescription(await get(id));
    },

    /** `GET /erx/{id}`: the e-prescribing state of a prescription; a pending one is asked of the vendor (a missed callback). */
    async erxState(actor: Actor, id: string): Promise<ErxState> {
      const access = ordersAccess(sql, actor);
      if (access.isPatient) throw notFound("No such prescription");
      const o = await access.order("prescriptions", id);
      await checkPending(id).catch((err) => {
        if (!(err instanceof ErxUnavailable || err instanceof ErxRejected)) throw err;
      });
      const r = await get(id);
      await audit.read(actor, { patientId: o.patient_id, what: "prescription.erx", id });
      return {
        id: r.id, vendor: erx.vendor, status: r.status, transmission: r.transmission, transmissionError: r.transmission_error,
        erxStatus: r.erx_status, erxStatusLabel: ERX_STATUS[r.erx_status], erxSubstatus: r.erx_substatus,
        erxSubstatusLabel: ERX_SUBSTATUS[r.erx_substatus], archived: r.archived, archivedLabel: ARCHIVED_STATUS[r.archived],
        sentAt: iso(r.sent_at), transmittedAt: iso(r.transmitted_at),
      };
    },

    importOutside: createOutsideImport(deps, { toPrescription, allergiesOf }),

    /** `GET /doctors/check/erx {doctorId}`: the doctor's own, or a VMA's doctor's. */
    async checkDoctor(actor: Actor, doctorId: string | undefined): Promise<ErxProfileCheck> {
      const access = ordersAccess(sql, actor);
      access.requireCareTeam();
      const id = doctorId ?? access.practiceId!;
      if (id !== access.practiceId) throw notFound("No such doctor");
      const missing = missingOf(await doctorProfile(sql, id), DOCTOR_ERX_FIELDS);
      return { complete: missing.length === 0, missing };
    },

    /** The vendor's callback (signature checked by the erx client). */
    async callback(rawBody: string, signature: string | null): Promise<ErxCallbackAnswer> {
      const event = await erx.verifyCallback(rawBody, signature, Math.floor(now().getTime() / 1000));
      if (!event) throw new AppError(400, "Invalid signature", { reason: "INVALID_SIGNATURE" });
      // Applied by the queue (domains/orders/jobs.ts): the vendor gets its answer now, a failure is retried.
      await deps.jobs.send(ERX_STATUS_JOB, event, { singletonKey: event.eventId });
      return { received: true };
    },
  };
}
export type Prescriptions = ReturnType<typeof createPrescriptions>;
