-- The intake answers of a patient's consultations on the care team's devices (issue 31): a kind `intake` of the
-- synced collection `chart_entries`, one entry per consultation whose intake form was filled in (its id is the
-- consultation's), marked by a trigger when the form is written or the consultation deleted, so a doctor on a
-- home visit reads what the patient answered with no network. Valid on PostgreSQL 15 and PGlite.
alter table chart_entries drop constraint chart_entries_kind_check;
alter table chart_entries add constraint chart_entries_kind_check check (kind in
  ('encounter', 'diagnosis', 'problem', 'vitals', 'lab', 'imaging', 'referral', 'prescription', 'intake'));

create or replace function chart_entry_mark() returns trigger language plpgsql as $$
declare
  r jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
begin
  insert into chart_entries (id, kind, patient_id, encounter_id, seq, dirty)
  values ((r->>'id')::uuid, tg_argv[0], (r->>'patient_id')::uuid,
    case when tg_argv[0] in ('encounter', 'intake') then null else (r->>'encounter_id')::uuid end, 0, true)
  on conflict (id) do update set dirty = true, patient_id = excluded.patient_id, encounter_id = excluded.encounter_id;
  -- An encounter deleted, restored, sent or unsent changes what its diagnoses, vitals and orders read as.
  -- (Nested: the inner test reads deleted_at, which only an update of encounters has.)
  if tg_argv[0] = 'encounter' and tg_op = 'UPDATE' then
    if (old.deleted_at is null) <> (new.deleted_at is null) or old.is_shared <> new.is_shared then
      update chart_entries set dirty = true where encounter_id = new.id;
    end if;
  end if;
  -- A diagnosis shared or unshared may show or hide its encounter to the patient.
  if tg_argv[0] = 'diagnosis' and r->>'encounter_id' is not null then
    update chart_entries set dirty = true where id = (r->>'encounter_id')::uuid;
  end if;
  return null;
end $$;

create trigger consultations_chart_intake after insert or update of intake_form, deleted, patient_id on consultations
  for each row when (new.intake_form ? 'answers') execute function chart_entry_mark('intake');

insert into chart_entries (id, kind, patient_id, encounter_id, seq)
select id, 'intake', patient_id, null, nextval('sync_seq') from consultations where intake_form ? 'answers' order by id;
