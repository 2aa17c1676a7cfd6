-- The practice team (issue 17): VMAs attached to several doctors, the audit
-- log's principal (the doctor a VMA acted for), tasks and macros (synced
-- collections, sync/collections/tasks.ts and macros.ts), contacts (REST).
-- Valid on PostgreSQL 15 and PGlite.

-- Every doctor a VMA works for. users.doctor_id of a VMA stays the doctor they
-- currently act for (chosen in the header): the actor, sync scopes and live
-- fan-out read it, so everything follows that choice.
create table vma_doctors (
  vma_id uuid not null references users(id) on delete cascade,
  doctor_id uuid not null references users(id) on delete cascade,
  attached_at timestamptz not null default now(),
  primary key (vma_id, doctor_id)
);
create index vma_doctors_doctor_idx on vma_doctors (doctor_id);
insert into vma_doctors (vma_id, doctor_id)
  select id, doctor_id from users where role = 'vma' and doctor_id is not null;

-- On behalf of: a row written by a VMA names the doctor they acted for. Filled
-- in one place (this trigger) from the VMA's acting doctor when the writer
-- does not name one, so every existing audit call records both names.
alter table audit_log add column principal_id uuid;
create index audit_log_principal_idx on audit_log (principal_id, at) where principal_id is not null;
create or replace function audit_log_principal() returns trigger language plpgsql as $$
begin
  if new.principal_id is null and new.actor_id is not null then
    select u.doctor_id into new.principal_id from users u where u.id = new.actor_id and u.role = 'vma';
  end if;
  return new;
end;
$$;
create trigger audit_log_fill_principal before insert on audit_log
  for each row execute function audit_log_principal();

-- Tasks. practice_id is the doctor whose practice owns the task (its scope);
-- null for the platform's own support tasks (admins only, never synced).
create table tasks (
  id uuid primary key,
  practice_id uuid references users(id) on delete cascade,
  assignee_id uuid not null references users(id) on delete cascade,
  patient_id uuid references users(id) on delete set null,
  encounter_id uuid,
  description text not null,
  category text not null,
  status text not null check (status in ('open', 'closed')),
  due_date text check (due_date is null or due_date ~ '^\d{4}-\d{2}-\d{2}$'),
  created_by uuid not null references users(id) on delete cascade,
  on_behalf_of uuid references users(id) on delete set null,
  updated_by uuid not null references users(id) on delete cascade,
  created_at timestamptz not null,
  seq bigint not null,
  deleted boolean not null default false
);
create index tasks_seq_idx on tasks (seq, id);
create index tasks_practice_idx on tasks (practice_id, seq);
create index tasks_assignee_idx on tasks (assignee_id, status) where not deleted;

-- Macros: a shortcut and its text per doctor, shared with their VMAs.
create table macros (
  id uuid primary key,
  practice_id uuid not null references users(id) on delete cascade,
  shortcut text not null,
  text text not null,
  created_by uuid not null references users(id) on delete cascade,
  seq bigint not null,
  deleted boolean not null default false
);
create index macros_seq_idx on macros (seq, id);
create index macros_practice_idx on macros (practice_id, seq);
create unique index macros_shortcut_idx on macros (practice_id, lower(shortcut)) where not deleted;

-- Contacts: a practice's address book (practice_id = the doctor), or the
-- platform's shared directory kept by admins (practice_id null).
create table contacts (
  id uuid primary key default gen_random_uuid(),
  practice_id uuid references users(id) on delete cascade,
  name text not null,
  organization text not null default '',
  kind text not null,
  phone text not null default '',
  fax text not null default '',
  email text not null default '',
  address text not null default '',
  notes text not null default '',
  created_by uuid references users(id) on delete set null,
  on_behalf_of uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index contacts_practice_idx on contacts (practice_id, lower(name));

-- The doctor a VMA acts for is always one they work for: setting a VMA's
-- doctor_id (the seed, an admin, a test fixture) attaches them too.
create or replace function vma_doctor_attach() returns trigger language plpgsql as $$
begin
  if new.role = 'vma' and new.doctor_id is not null then
    insert into vma_doctors (vma_id, doctor_id) values (new.id, new.doctor_id) on conflict do nothing;
  end if;
  return new;
end;
$$;
create trigger users_vma_doctor_attach after insert or update of doctor_id on users
  for each row execute function vma_doctor_attach();
