-- The notes a doctor shared with the patient, on the patient's device (issue 31): the patient's view of an encounter
-- entry of `chart_entries` carries them (`sharedNotes`: type, field names, the plain text of each field), so the
-- patient reads them on the Health record with no network. The care team's view is unchanged (their devices hold
-- the notes themselves). A shared note's text changing (its plain fields, written when the note's document is
-- compacted) marks its encounter, as sharing, unsharing and deleting it already do. Valid on PostgreSQL 15 and PGlite.
create or replace function chart_note_mark() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if old.is_shared = new.is_shared and old.deleted_at is not distinct from new.deleted_at
      and not (new.is_shared and old.fields is distinct from new.fields) then
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
