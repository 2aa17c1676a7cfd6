-- Accounts, sessions, tokens, audit, outbox, rate limits, blobs.
-- Valid on PostgreSQL 15 and PGlite.

create table users (
  id uuid primary key default gen_random_uuid(),
  role text not null check (role in ('patient', 'doctor', 'vma', 'admin')),
  email text not null,
  password_hash text,
  first_name text not null,
  last_name text not null,
  birth_date date,
  gender text check (gender in ('Male', 'Female')),
  phone_number text,
  is_phone_verified boolean not null default false,
  state text,
  city text,
  zip text,
  address text,
  is_activated boolean not null default false,
  is_blocked boolean not null default false,
  is_banned boolean not null default false,
  is_super_admin boolean not null default false,
  application_status text check (application_status in ('initial', 'approved', 'declined')),
  decline_reason text,
  commission integer check (commission between 0 and 100),
  doctor_id uuid references users(id) on delete set null,
  npi text,
  dea text,
  fax text,
  timezone text,
  specialty text,
  licensed_states text[] not null default '{}',
  bio text,
  sign_blob_id uuid,
  stripe_account text,
  is_active_stripe_account boolean not null default false,
  profile_filled_at timestamptz,
  last_password_changed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));
create index users_role_idx on users (role, created_at);
create index users_doctor_idx on users (doctor_id);

create table user_agreements (
  user_id uuid not null references users(id) on delete cascade,
  name text not null,
  accepted_at timestamptz not null default now(),
  primary key (user_id, name)
);

-- A session is one signed-in device; its refresh tokens form one family.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  device text not null default '',
  address text,
  impersonator_session_id uuid references sessions(id) on delete set null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoke_reason text
);
create index sessions_user_idx on sessions (user_id) where revoked_at is null;

create table refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references sessions(id) on delete cascade,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index refresh_tokens_session_idx on refresh_tokens (session_id);

-- One-time links: account activation, password reset, VMA invitation.
create table user_tokens (
  token_hash text primary key,
  user_id uuid not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('activation', 'reset', 'vma_invite')),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index user_tokens_user_idx on user_tokens (user_id, purpose);

-- SMS codes, stored hashed, with an attempt counter.
create table verification_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  code_hash text not null,
  target text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index verification_codes_user_idx on verification_codes (user_id, created_at desc);

-- Append-only security log.
create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  event text not null,
  actor_id uuid,
  subject_id uuid,
  address text,
  details jsonb not null default '{}'
);
create index audit_log_subject_idx on audit_log (subject_id, at);
create or replace function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end;
$$;
create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_append_only();

-- Mail and SMS not sent through a real provider land here.
create table outbox (
  id bigint generated always as identity primary key,
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text not null default '',
  body text not null,
  created_at timestamptz not null default now()
);

create table rate_limits (
  key text primary key,
  window_start timestamptz not null,
  hits integer not null
);

create table blobs (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid references users(id) on delete cascade,
  kind text not null,
  content_type text not null,
  size integer not null,
  data bytea not null,
  created_at timestamptz not null default now()
);

create table medical_cards (
  patient_id uuid primary key references users(id) on delete cascade,
  card jsonb not null,
  updated_at timestamptz not null default now()
);

create table contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  subject text not null,
  message text not null,
  user_id uuid references users(id) on delete set null,
  address text,
  created_at timestamptz not null default now()
);
