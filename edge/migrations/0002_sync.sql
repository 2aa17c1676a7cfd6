-- Synced collections (sync/collections/*): one table each, with the change
-- sequence `seq` that clients see as `updatedAt` and a soft-delete flag.
-- Valid on PostgreSQL 15 and PGlite.
--
-- Why a pull by (seq, id) > checkpoint never skips a row: every write to a
-- synced table runs in a transaction that first takes
-- pg_advisory_xact_lock(7310, <collection key>) (edge/src/domains/sync/writer.ts)
-- and only then draws nextval('sync_seq'). The lock is held until commit, and
-- PostgreSQL makes a transaction visible before it releases its locks, so the
-- next writer of that collection draws a higher seq only after the previous
-- one is visible. A reader can therefore never see seq N+1 committed while a
-- lower seq N of the same table is still to come. (Sequences alone do not give
-- this: nextval is handed out at call time, not at commit.)
create sequence sync_seq;

create table chats (
  id uuid primary key,
  kind text not null check (kind in ('direct', 'group', 'support')),
  title text not null default '',
  last_message_at timestamptz,
  seq bigint not null,
  deleted boolean not null default false,
  created_at timestamptz not null default now()
);
create index chats_seq_idx on chats (seq, id);

-- Who is in a chat: the scope of chats and chat messages.
create table chat_members (
  chat_id uuid not null references chats(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  joined_at timestamptz not null default now(),
  primary key (chat_id, user_id)
);
create index chat_members_user_idx on chat_members (user_id, chat_id);

create table chat_messages (
  id uuid primary key,
  chat_id uuid not null references chats(id) on delete cascade,
  author_id uuid not null references users(id) on delete cascade,
  text text not null,
  file_ids uuid[] not null default '{}',
  created_at timestamptz not null,
  seq bigint not null,
  deleted boolean not null default false
);
create index chat_messages_seq_idx on chat_messages (seq, id);
create index chat_messages_chat_idx on chat_messages (chat_id, seq);

create table note_drafts (
  id uuid primary key,
  patient_id uuid not null references users(id) on delete cascade,
  encounter_id uuid,
  note_type_id uuid,
  title text not null default '',
  fields jsonb not null default '{}',
  author_id uuid not null references users(id) on delete cascade,
  updated_by uuid not null references users(id) on delete cascade,
  seq bigint not null,
  deleted boolean not null default false
);
create index note_drafts_seq_idx on note_drafts (seq, id);
create index note_drafts_patient_idx on note_drafts (patient_id, seq);

create table medical_files (
  id uuid primary key,
  patient_id uuid not null references users(id) on delete cascade,
  folder text not null check (folder in ('Labs', 'Imaging', 'Consults', 'PatientUploaded',
    'OutsideMedicalRecords', 'Misc', 'Agreements')),
  name text not null,
  size integer not null check (size > 0),
  content_type text not null,
  kind text,
  uploaded_by uuid not null references users(id) on delete cascade,
  status text not null check (status in ('pending', 'uploaded', 'rejected')),
  reject_reason text,
  seq bigint not null,
  deleted boolean not null default false,
  created_at timestamptz not null default now()
);
create index medical_files_seq_idx on medical_files (seq, id);
create index medical_files_patient_idx on medical_files (patient_id, seq);
create index medical_files_pending_idx on medical_files (uploaded_by) where status = 'pending';

-- The bytes of a medical file, appended chunk by chunk (resumable uploads).
create table medical_file_chunks (
  file_id uuid not null references medical_files(id) on delete cascade,
  "offset" bigint not null,
  size integer not null,
  data bytea not null,
  created_at timestamptz not null default now(),
  primary key (file_id, "offset")
);
