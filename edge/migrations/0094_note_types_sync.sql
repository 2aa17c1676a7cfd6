-- The practice's note types on the care team's devices (issue 31): the synced collection `note_types`
-- (sync/collections/note-types.ts), so a note can be started with no network. The table keeps its data; it
-- gains the change sequence `seq` and the `dirty` mark of chart_entries (0093): a trigger marks a type whose
-- name, fields, practice or deletion changed, whatever wrote it (Settings → Note types, a practice's defaults),
-- and the edge gives marked types a new seq under the sync writer's lock (edge/src/domains/chart/entries.ts).
-- `deleted_at` stays the deletion: the pull reads `deleted_at is not null` as the soft-delete flag.
-- Valid on PostgreSQL 15 and PGlite.
alter table note_types add column seq bigint not null default 0;
alter table note_types add column dirty boolean not null default true;
update note_types set seq = s.seq, dirty = false
  from (select id, nextval('sync_seq') as seq from (select id from note_types order by id) o) s where s.id = note_types.id;
create index note_types_seq_idx on note_types (seq, id);
create index note_types_dirty_idx on note_types (id) where dirty;

create function note_type_mark() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if (new.doctor_id, new.name, new.field_names, new.deleted_at) is not distinct from (old.doctor_id, old.name, old.field_names, old.deleted_at) then
      return new;
    end if;
  end if;
  new.dirty := true;
  return new;
end $$;
create trigger note_types_mark before insert or update on note_types for each row execute function note_type_mark();
