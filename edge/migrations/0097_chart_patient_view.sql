-- The patient's own record on their devices (issue 31): the patient reads their chart entries too, through the
-- patient's view (edge/src/domains/chart/entries-sql.ts): only what is shared with them. What a patient may see
-- of an entry depends on other rows: an encounter shows once it is sent or has a shared note or diagnosis, and a
-- reading of vitals once its encounter is sent. Those rows now mark the entries whose view they change.
-- Valid on PostgreSQL 15 and PGlite.
create or replace function chart_entry_mark() returns trigger language plpgsql as $$
declare
  r jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
begin
  insert into chart_entries (id, kind, patient_id, encounter_id, seq, dirty)
  values ((r->>'id')::uuid, tg_argv[0], (r->>'patient_id')::uuid,
    case when tg_argv[0] = 'encounter' then null else (r->>'encounter_id')::uuid end, 0, true)
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

-- A note shared, unshared or deleted may show or hide its encounter to the patient.
create function chart_note_mark() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if old.is_shared = new.is_shared and old.deleted_at is not distinct from new.deleted_at then
      return null;
    end if;
  elsif tg_op = 'INSERT' then
    if not new.is_shared then
      return null;
    end if;
  elsif not old.is_shared then
    return null;
  end if;
  update chart_entries set dirty = true
    where id = (case when tg_op = 'DELETE' then old.encounter_id else new.encounter_id end);
  return null;
end $$;
create trigger encounter_notes_chart_entry after insert or update or delete on encounter_notes
  for each row execute function chart_note_mark();
