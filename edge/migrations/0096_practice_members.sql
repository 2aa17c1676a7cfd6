-- The practice's people on its devices (issue 31): the synced collection `practice_members`
-- (sync/collections/practice-members.ts), so a task can be assigned with no network (the assignee picker reads
-- the device). One row per practice (its doctor's id) and member: the doctor, and each VMA attached to the doctor
-- (vma_doctors). Names, role and blocking are read from users when served; this table tracks the change sequence
-- like chart_entries (0093): triggers mark a row `dirty` whoever writes, the edge sequences marked rows
-- (edge/src/domains/chart/entries.ts). A VMA detached (the vma_doctors row deleted) reads as deleted.
-- Valid on PostgreSQL 15 and PGlite.
create table practice_members (
  id uuid primary key default gen_random_uuid(),
  practice_id uuid not null references users(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  seq bigint not null,
  deleted boolean not null default false,
  dirty boolean not null default false,
  unique (practice_id, user_id)
);
create index practice_members_seq_idx on practice_members (seq, id);
create index practice_members_user_idx on practice_members (user_id);
create index practice_members_dirty_idx on practice_members (id) where dirty;

insert into practice_members (practice_id, user_id, seq)
select practice_id, user_id, nextval('sync_seq') from (
  select id as practice_id, id as user_id from users where role = 'doctor'
  union select doctor_id, vma_id from vma_doctors
) m order by practice_id, user_id;

create function practice_member_mark() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'vma_doctors' then
    insert into practice_members (practice_id, user_id, seq, deleted, dirty)
    values (coalesce(new.doctor_id, old.doctor_id), coalesce(new.vma_id, old.vma_id), 0, tg_op = 'DELETE', true)
    on conflict (practice_id, user_id) do update set deleted = excluded.deleted, dirty = true;
    return null;
  end if;
  -- users: a new doctor is their own practice's first member; a name, role or blocking change is sent again.
  if tg_op = 'INSERT' then
    if new.role = 'doctor' then
      insert into practice_members (practice_id, user_id, seq, dirty) values (new.id, new.id, 0, true) on conflict do nothing;
    end if;
    return null;
  end if;
  if (new.first_name, new.last_name, new.role, new.is_blocked) is distinct from (old.first_name, old.last_name, old.role, old.is_blocked) then
    if new.role = 'doctor' then
      insert into practice_members (practice_id, user_id, seq, dirty) values (new.id, new.id, 0, true) on conflict do nothing;
    end if;
    update practice_members set dirty = true where user_id = new.id;
  end if;
  return null;
end $$;

create trigger vma_doctors_practice_member after insert or delete on vma_doctors
  for each row execute function practice_member_mark();
create trigger users_practice_member after insert or update on users
  for each row execute function practice_member_mark();
