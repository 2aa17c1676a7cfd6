/**
 * The documents of the synced collection `chart_entries`: each tracked entry with `data` built from its own
 * table exactly as the chart API answers it (`toEncounter` for the care team, `toDiagnosis`, `toProblem`,
 * `toVitals` in imperial units; entries.test.ts compares the two). A deleted entry (or a diagnosis of a deleted
 * encounter, or an entry whose row is gone) reads as deleted, with no data.
 */
import type { Fragment, Queryable } from "../../db/connect.ts";

export function selectChartEntries(q: Queryable): Fragment {
  return q`select t.id, t.kind, t.patient_id, t.encounter_id, t.seq,
      (t.deleted or coalesce(x.gone, true)) as deleted,
      case when t.deleted or coalesce(x.gone, true) then null else x.data end as data
    from chart_entries t left join lateral (
      select e.deleted_at is not null as gone, jsonb_build_object(
          'id', e.id, 'patientId', e.patient_id, 'doctorId', e.doctor_id, 'type', e.type, 'reason', e.reason,
          'encounterDatetime', chart_iso(e.encounter_datetime), 'consultationId', e.consultation_id, 'details', e.details,
          'isShared', e.is_shared, 'createdBy', e.created_by, 'createdAt', chart_iso(e.created_at),
          'updatedAt', chart_iso(e.updated_at)) as data
        from encounters e where t.kind = 'encounter' and e.id = t.id
      union all
      select d.deleted_at is not null or e.deleted_at is not null, jsonb_build_object(
          'id', d.id, 'encounterId', d.encounter_id, 'patientId', d.patient_id, 'code', d.code, 'description', d.description,
          'comment', d.comment, 'isShared', d.is_shared, 'createdBy', d.created_by, 'createdAt', chart_iso(d.created_at))
        from diagnoses d join encounters e on e.id = d.encounter_id where t.kind = 'diagnosis' and d.id = t.id
      union all
      select p.deleted_at is not null, jsonb_build_object(
          'id', p.id, 'patientId', p.patient_id, 'name', p.name, 'code', p.code, 'status', p.status, 'onset', p.onset,
          'comment', p.comment, 'isShared', p.is_shared, 'createdBy', p.created_by, 'createdAt', chart_iso(p.created_at))
        from problems p where t.kind = 'problem' and p.id = t.id
      union all
      select false, jsonb_build_object(
          'id', v.id, 'patientId', v.patient_id, 'encounterId', v.encounter_id, 'consultationId', v.consultation_id,
          'bloodPressure', case when v.systolic is not null and v.diastolic is not null then v.systolic || '/' || v.diastolic end,
          'heartRate', v.heart_rate::float8, 'weight', v.weight_lbs::float8, 'height', v.height_in::float8, 'bmi', v.bmi::float8,
          'temperature', v.temperature_f::float8, 'respiratoryRate', v.respiratory_rate::float8, 'format', 'imperial',
          'source', v.source, 'recordedBy', jsonb_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name),
          'recordedAt', chart_iso(v.recorded_at))
        from vitals v join users u on u.id = v.recorded_by where t.kind = 'vitals' and v.id = t.id
    ) x on true`;
}
