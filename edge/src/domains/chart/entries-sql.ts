/**
 * The documents of the synced collection `chart_entries`: each tracked entry with `data` built from its own
 * table exactly as the chart API answers it (`toEncounter` for the care team, `toDiagnosis`, `toProblem`,
 * `toVitals` in imperial units, `toLab`, `toImaging`, `toReferral`, and a prescription without what the device derives
 * from shipped lists, its pharmacy and allergy flags: `prescriptionOf`; entries.test.ts compares them). A deleted
 * entry (or a diagnosis or order of a deleted encounter, or an entry whose row is gone) reads as deleted, with no data.
 *
 * The patient's view (`patient_deleted`, `patient_data`; tables.ts gives it to the patient's own pulls) is what the
 * chart and orders APIs show a patient (chart/access.ts, orders/access.ts): a problem, diagnosis, lab, imaging
 * request or referral once shared; an encounter once sent or with a shared note or diagnosis (its free-text details
 * only once sent); vitals taken at a sent encounter; a prescription once sent (not a draft); a lab's result files
 * only once they are shared; their own intake answers. The patient's encounter also carries the notes shared with
 * them (`sharedNotes`: each note's type, field names and plain text, as `GET /encounterNotes/{id}/list` answers them). Anything else reads as deleted to the patient. An intake entry
 * (id: the consultation's) is the consultation's stored form as `GET /consultations/intakeForm/{id}` answers it,
 * less `editable` (the clock's: the care team never edits it).
 */
import type { Fragment, Queryable } from "../../db/connect.ts";

export function selectChartEntries(q: Queryable): Fragment {
  return q`select t.id, t.kind, t.patient_id, t.encounter_id, t.seq,
      (t.deleted or coalesce(x.gone, true)) as deleted,
      case when t.deleted or coalesce(x.gone, true) then null else x.data end as data,
      (t.deleted or coalesce(x.gone, true) or not coalesce(x.shown, false)) as patient_deleted,
      case when t.deleted or coalesce(x.gone, true) or not coalesce(x.shown, false) then null else x.data || coalesce(x.pdata, '{}'::jsonb) end
        as patient_data
    from chart_entries t left join lateral (
      select e.deleted_at is not null as gone, e.is_shared
          or exists (select 1 from encounter_notes n where n.encounter_id = e.id and n.is_shared and n.deleted_at is null)
          or exists (select 1 from diagnoses d where d.encounter_id = e.id and d.is_shared and d.deleted_at is null) as shown,
        jsonb_build_object('details', case when e.is_shared then e.details else '' end, 'sharedNotes', (
          select coalesce(jsonb_agg(jsonb_build_object('id', n.id, 'noteTypeName', nt.name, 'fieldNames', nt.field_names,
              'fields', n.fields, 'createdAt', chart_iso(n.created_at)) order by n.created_at, n.id), '[]'::jsonb)
            from encounter_notes n join note_types nt on nt.id = n.note_type_id
            where n.encounter_id = e.id and n.is_shared and n.deleted_at is null)) as pdata, jsonb_build_object(
          'id', e.id, 'patientId', e.patient_id, 'doctorId', e.doctor_id, 'type', e.type, 'reason', e.reason,
          'encounterDatetime', chart_iso(e.encounter_datetime), 'consultationId', e.consultation_id, 'details', e.details,
          'isShared', e.is_shared, 'createdBy', e.created_by, 'createdAt', chart_iso(e.created_at),
          'updatedAt', chart_iso(e.updated_at)) as data
        from encounters e where t.kind = 'encounter' and e.id = t.id
      union all
      select d.deleted_at is not null or e.deleted_at is not null, d.is_shared, null::jsonb, jsonb_build_object(
          'id', d.id, 'encounterId', d.encounter_id, 'patientId', d.patient_id, 'code', d.code, 'description', d.description,
          'comment', d.comment, 'isShared', d.is_shared, 'createdBy', d.created_by, 'createdAt', chart_iso(d.created_at))
        from diagnoses d join encounters e on e.id = d.encounter_id where t.kind = 'diagnosis' and d.id = t.id
      union all
      select p.deleted_at is not null, p.is_shared, null::jsonb, jsonb_build_object(
          'id', p.id, 'patientId', p.patient_id, 'name', p.name, 'code', p.code, 'status', p.status, 'onset', p.onset,
          'comment', p.comment, 'isShared', p.is_shared, 'createdBy', p.created_by, 'createdAt', chart_iso(p.created_at))
        from problems p where t.kind = 'problem' and p.id = t.id
      union all
      select false, coalesce(ve.is_shared and ve.deleted_at is null, false), null::jsonb, jsonb_build_object(
          'id', v.id, 'patientId', v.patient_id, 'encounterId', v.encounter_id, 'consultationId', v.consultation_id,
          'bloodPressure', case when v.systolic is not null and v.diastolic is not null then v.systolic || '/' || v.diastolic end,
          'heartRate', v.heart_rate::float8, 'weight', v.weight_lbs::float8, 'height', v.height_in::float8, 'bmi', v.bmi::float8,
          'temperature', v.temperature_f::float8, 'respiratoryRate', v.respiratory_rate::float8, 'format', 'imperial',
          'source', v.source, 'recordedBy', jsonb_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name),
          'recordedAt', chart_iso(v.recorded_at))
        from vitals v join users u on u.id = v.recorded_by left join encounters ve on ve.id = v.encounter_id
        where t.kind = 'vitals' and v.id = t.id
      union all
      select l.deleted_at is not null or e.deleted_at is not null, l.is_shared,
        case when l.results_shared then null else jsonb_build_object('results', '[]'::jsonb) end, jsonb_build_object(
          'id', l.id, 'encounterId', l.encounter_id, 'patientId', l.patient_id, 'code', l.code, 'name', l.name, 'comment', l.comment,
          'results', l.results, 'isShared', l.is_shared, 'resultsShared', l.results_shared,
          'state', case when jsonb_array_length(l.results) > 0 then 'resulted' else 'ordered' end,
          'createdBy', l.created_by, 'createdAt', chart_iso(l.created_at), 'updatedAt', chart_iso(l.updated_at))
        from labs l join encounters e on e.id = l.encounter_id where t.kind = 'lab' and l.id = t.id
      union all
      select i.deleted_at is not null or e.deleted_at is not null, i.is_shared, null::jsonb, jsonb_build_object(
          'id', i.id, 'encounterId', i.encounter_id, 'patientId', i.patient_id, 'type', i.type, 'bodyPart', i.body_part,
          'laterality', i.laterality, 'contrast', i.contrast, 'contrastAllergy', i.contrast_allergy, 'implants', i.implants,
          'clinicalHistory', i.clinical_history, 'imagingCenter', i.imaging_center, 'comments', i.comments,
          'attachments', i.attachments, 'results', i.results, 'isShared', i.is_shared,
          'state', case when jsonb_array_length(i.results) > 0 then 'resulted' else 'ordered' end,
          'createdBy', i.created_by, 'createdAt', chart_iso(i.created_at), 'updatedAt', chart_iso(i.updated_at))
        from imagings i join encounters e on e.id = i.encounter_id where t.kind = 'imaging' and i.id = t.id
      union all
      select r.deleted_at is not null or e.deleted_at is not null, r.is_shared, null::jsonb, jsonb_build_object(
          'id', r.id, 'encounterId', r.encounter_id, 'patientId', r.patient_id, 'specialty', r.specialty, 'reason', r.reason,
          'urgency', r.urgency, 'contactName', r.contact_name, 'contactId', r.contact_id, 'status', r.status, 'isShared', r.is_shared,
          'createdBy', r.created_by, 'createdAt', chart_iso(r.created_at), 'updatedAt', chart_iso(r.updated_at))
        from referrals r join encounters e on e.id = r.encounter_id where t.kind = 'referral' and r.id = t.id
      union all
      select p.deleted_at is not null or e.deleted_at is not null, p.status <> 'draft', null::jsonb, jsonb_build_object(
          'id', p.id, 'encounterId', p.encounter_id, 'patientId', p.patient_id, 'doctorId', p.doctor_id,
          'medicationId', p.medication_id, 'medication', p.medication, 'instructions', p.instructions, 'quantity', p.quantity,
          'unit', p.unit, 'days', p.days, 'refills', p.refills, 'substitutionAllowed', p.substitution_allowed, 'daw', p.daw,
          'additionalSig', p.additional_sig, 'pharmacistMessage', p.pharmacist_message, 'pharmacyId', p.pharmacy_id,
          'status', p.status, 'isDraft', p.status = 'draft', 'erxStatus', p.erx_status, 'erxSubstatus', p.erx_substatus,
          'archived', p.archived, 'transmission', p.transmission, 'transmissionError', p.transmission_error,
          'sentAt', chart_iso(p.sent_at), 'transmittedAt', chart_iso(p.transmitted_at),
          'createdBy', p.created_by, 'createdAt', chart_iso(p.created_at), 'updatedAt', chart_iso(p.updated_at))
        from prescriptions p join encounters e on e.id = p.encounter_id where t.kind = 'prescription' and p.id = t.id
      union all
      select c.deleted, true, null::jsonb, jsonb_build_object('consultationId', c.id, 'doctorId', c.doctor_id, 'patientId', c.patient_id)
          || (c.intake_form - 'consultationId' - 'doctorId' - 'patientId')
        from consultations c where t.kind = 'intake' and c.id = t.id and c.intake_form ? 'answers'
    ) x on true`;
}
