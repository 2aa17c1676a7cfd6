-- An encounter's orders on the care team's devices (issue 31): labs, imaging requests, referrals and
-- prescriptions become kinds of the synced collection `chart_entries` (0093), tracked by the same trigger, so a
-- doctor on a home visit reads them, and drafts a prescription, with no network. An order of a deleted encounter
-- reads as deleted, like its diagnoses. Valid on PostgreSQL 15 and PGlite.
alter table chart_entries drop constraint chart_entries_kind_check;
alter table chart_entries add constraint chart_entries_kind_check
  check (kind in ('encounter', 'diagnosis', 'problem', 'vitals', 'lab', 'imaging', 'referral', 'prescription'));

create or replace function chart_entry_mark() returns trigger language plpgsql as $$
declare
  r jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
begin
  insert into chart_entries (id, kind, patient_id, encounter_id, seq, dirty)
  values ((r->>'id')::uuid, tg_argv[0], (r->>'patient_id')::uuid,
    case when tg_argv[0] = 'encounter' then null else (r->>'encounter_id')::uuid end, 0, true)
  on conflict (id) do update set dirty = true, patient_id = excluded.patient_id, encounter_id = excluded.encounter_id;
  -- An encounter deleted or restored changes what its diagnoses and orders read as (deleted with it).
  -- (Nested: the inner test reads deleted_at, which only an update of encounters has.)
  if tg_argv[0] = 'encounter' and tg_op = 'UPDATE' then
    if (old.deleted_at is null) <> (new.deleted_at is null) then
      update chart_entries set dirty = true where encounter_id = new.id and kind <> 'vitals';
    end if;
  end if;
  return null;
end $$;

create trigger labs_chart_entry after insert or update or delete on labs
  for each row execute function chart_entry_mark('lab');
create trigger imagings_chart_entry after insert or update or delete on imagings
  for each row execute function chart_entry_mark('imaging');
create trigger referrals_chart_entry after insert or update or delete on referrals
  for each row execute function chart_entry_mark('referral');
create trigger prescriptions_chart_entry after insert or update or delete on prescriptions
  for each row execute function chart_entry_mark('prescription');

insert into chart_entries (id, kind, patient_id, encounter_id, seq)
select id, kind, patient_id, encounter_id, nextval('sync_seq') from (
  select id, 'lab' as kind, patient_id, encounter_id from labs
  union all select id, 'imaging', patient_id, encounter_id from imagings
  union all select id, 'referral', patient_id, encounter_id from referrals
  union all select id, 'prescription', patient_id, encounter_id from prescriptions
) e order by id;
