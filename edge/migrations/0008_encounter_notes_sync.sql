-- Encounter notes become a synced collection (sync/collections/encounter-notes.ts):
-- the change sequence `seq` (clients' `updatedAt`) and the soft-delete flag every
-- synced table has, written only through the sync writer (its advisory lock,
-- then nextval('sync_seq'); see 0002_sync.sql). Valid on PostgreSQL 15 and PGlite.
alter table encounter_notes add column seq bigint;
alter table encounter_notes add column deleted boolean not null default false;
update encounter_notes set seq = nextval('sync_seq'), deleted = deleted_at is not null;
alter table encounter_notes alter column seq set not null;
create index encounter_notes_seq_idx on encounter_notes (seq, id);
create index encounter_notes_patient_seq_idx on encounter_notes (patient_id, seq);

-- The chart reads `deleted_at`, sync writes `deleted`: each implies the other, whoever
-- writes (a push's soft delete gets its time; the API's delete sets the flag). A note
-- deleted stays deleted.
create or replace function encounter_notes_deleted() returns trigger language plpgsql as $$
begin
  if new.deleted_at is not null then
    new.deleted := true;
  elsif new.deleted then
    new.deleted_at := now();
  end if;
  return new;
end;
$$;
create trigger encounter_notes_deleted before insert or update on encounter_notes
  for each row execute function encounter_notes_deleted();
