-- Chat, presence and notifications (issue 5): message arrival order and read
-- state, attachments, exports, presence across edge processes, notification
-- settings and the contact-us queue. Valid on PostgreSQL 15 and PGlite.
-- (site_notifications itself comes with 0003.)

-- The order messages reached the server: never a device clock (created_at is
-- the device's) and never re-drawn (seq is, by touchScope). Inserts take the
-- chat_messages advisory lock, so `n` grows in commit order. Read state compares it.
alter table chat_messages add column n bigint generated always as identity;
create index chat_messages_chat_n_idx on chat_messages (chat_id, n);
create index chat_messages_chat_created_idx on chat_messages (chat_id, created_at desc, id desc);

-- How far each member has read: messages by others with a larger `n` are unread.
create table chat_reads (
  chat_id uuid not null references chats(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  last_read_n bigint not null default 0,
  read_at timestamptz not null default now(),
  primary key (chat_id, user_id)
);
create index chat_reads_user_idx on chat_reads (user_id);

-- Chat attachments. An upload is `uploading` while its chunks arrive over the
-- socket, `temp` once complete and checked (the uploader's, not yet sent), and
-- `attached` to one message of one chat (then only that chat's members read it).
-- The bytes are kept per content, in 512 KB chunks, so a file sent again
-- (noClearTemp) shares them.
create table chat_files (
  id uuid primary key,
  uploader_id uuid not null references users(id) on delete cascade,
  content_id uuid not null,
  status text not null check (status in ('uploading', 'temp', 'attached')),
  chat_id uuid references chats(id) on delete cascade,
  message_id uuid,
  name text not null,
  size bigint not null check (size > 0),
  received bigint not null default 0,
  content_type text,
  kind text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'attached') = (chat_id is not null and message_id is not null))
);
create index chat_files_message_idx on chat_files (message_id);
create index chat_files_uploader_idx on chat_files (uploader_id, status);
create index chat_files_content_idx on chat_files (content_id);

create table chat_file_chunks (
  content_id uuid not null,
  "offset" bigint not null,
  data bytea not null,
  primary key (content_id, "offset")
);

-- PDF exports of a conversation: the requester downloads it while a member, until it expires.
create table chat_exports (
  id uuid primary key,
  chat_id uuid not null references chats(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  status text not null check (status in ('running', 'ready', 'failed')),
  blob_id uuid references blobs(id) on delete set null,
  error text,
  created_at timestamptz not null default now(),
  expires_at timestamptz
);
create index chat_exports_user_idx on chat_exports (user_id, created_at);

-- Presence: every edge process keeps, per user, how many of their sockets it
-- holds, and renews its own `expires_at` with a heartbeat. A user is online
-- while the sum over live processes is above zero. A process that stops
-- renewing (killed) expires; the first process to notice deletes its rows and
-- announces who went offline. Changes of one user are serialised by
-- pg_advisory_xact_lock(7311, hashtext(user_id)), so exactly one process sees
-- each 0 → 1 and 1 → 0 step.
create table presence_processes (
  id uuid primary key,
  started_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create table presence (
  user_id uuid not null references users(id) on delete cascade,
  process_id uuid not null references presence_processes(id) on delete cascade,
  sockets integer not null check (sockets > 0),
  primary key (user_id, process_id)
);
create index presence_process_idx on presence (process_id);

-- Which kinds of notification a user wants on which channel (sync/schemas/notifications.ts);
-- kinds not stored take their role's default.
create table notification_settings (
  user_id uuid primary key references users(id) on delete cascade,
  settings jsonb not null,
  updated_at timestamptz not null default now()
);

-- The admins' support queue of contact-us messages.
alter table contact_messages
  add column handled_at timestamptz,
  add column handled_by uuid references users(id) on delete set null;
create index contact_messages_open_idx on contact_messages (created_at desc) where handled_at is null;
