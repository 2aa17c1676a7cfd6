-- Administration (issue 18): doctor applications (commission, deactivation,
-- credentialing), reviews, admin-managed agreements with versioned acceptance.
-- Valid on PostgreSQL 15 and PGlite.

-- The commission an admin sets when approving (02 §5: an integer 0..100). The payments
-- engineer reads it; `is_active_stripe_account` is theirs too (added here only if absent,
-- so both branches merge).
alter table users add column if not exists commission_percent integer check (commission_percent between 0 and 100);
alter table users add column if not exists is_active_stripe_account boolean not null default false;
-- A deactivated doctor keeps their account but cannot be booked or subscribed to.
alter table users add column if not exists deactivated_at timestamptz;
alter table users add column if not exists deactivation_reason text;
-- Credentialing (02 §9: every 3 years): the date the doctor was last credentialed.
alter table users add column if not exists credentialed_at date;
alter table users add column if not exists approved_at timestamptz;
create index if not exists users_application_idx on users (application_status, created_at) where role = 'doctor';

create table reviews (
  id uuid primary key default gen_random_uuid(),
  doctor_id uuid not null references users(id) on delete cascade,
  patient_id uuid not null references users(id) on delete cascade,
  rating integer not null check (rating between 1 and 5),
  comment text not null default '',
  hidden_at timestamptz,
  hidden_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (doctor_id, patient_id)
);
create index reviews_created_idx on reviews (created_at desc);

-- The platform's agreements. `name` is the slug of /agreement/{name}; a new
-- version (bumped when a published required agreement's file or wording changes)
-- asks signed-in users to accept again.
create table agreements (
  name text primary key check (name ~ '^[a-z0-9][a-z0-9-]{0,59}$'),
  title text not null,
  body text not null default '',
  visible boolean not null default true,
  required boolean not null default false,
  signup_placement boolean not null default false,
  footer boolean not null default false,
  status text not null default 'draft' check (status in ('draft', 'published', 'archived')),
  effective_date date not null,
  version integer not null default 1 check (version >= 1),
  pdf_blob_id uuid,
  updated_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Acceptance with version and date (user_agreements keeps one row per name; the version says which).
alter table user_agreements add column if not exists version integer not null default 1;

-- Analytics over time.
create index if not exists consultations_created_idx on consultations (created_at);
create index if not exists chat_messages_created_idx on chat_messages (created_at);

-- The agreements the product already shows (sync/constants.ts AGREEMENT_NAMES; their copy is in the PWA).
insert into agreements (name, title, visible, required, signup_placement, footer, status, effective_date) values
  ('terms', 'Terms and conditions', true, true, true, true, 'published', '2020-09-14'),
  ('privacy', 'Privacy policy', true, true, true, true, 'published', '2020-09-14'),
  ('prescription', 'Prescription policy', true, true, true, true, 'published', '2020-09-14'),
  ('membership', 'Membership agreement', true, false, false, true, 'published', '2020-09-14')
on conflict (name) do nothing;
