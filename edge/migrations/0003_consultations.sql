-- Consultations, availability, intake forms, site notifications and the
-- 15-minute notices. Valid on PostgreSQL 15 and PGlite.

-- The average review rating; the reviews issue maintains it. Null = no reviews yet.
alter table users add column rating numeric(3, 2) check (rating between 1 and 5);

-- A doctor's weekly hours and date overrides (sync/schemas/availability.ts),
-- read in the doctor's timezone (users.timezone).
create table availability (
  doctor_id uuid primary key references users(id) on delete cascade,
  slot_minutes integer not null check (slot_minutes between 5 and 240),
  weekly jsonb not null,
  overrides jsonb not null default '[]',
  updated_at timestamptz not null default now()
);

create table intake_form_settings (
  doctor_id uuid primary key references users(id) on delete cascade,
  vitals_enabled boolean not null,
  vitals_required boolean not null,
  fields jsonb not null default '[]',
  updated_at timestamptz not null default now(),
  check (vitals_enabled or not vitals_required)
);

-- A synced collection (sync/collections/consultations.ts): pull-only for
-- clients, written only through the sync writer (seq, live changes).
create table consultations (
  id uuid primary key,
  doctor_id uuid not null references users(id) on delete cascade,
  patient_id uuid not null references users(id) on delete cascade,
  type text not null check (type in ('video', 'chat', 'async')),
  status text not null check (status in ('requested', 'accepted', 'declined', 'canceled', 'finished')),
  start_at timestamptz not null,
  end_at timestamptz not null,
  reason text not null,
  out_of_state_reason text,
  decline_reason text,
  cancel_reason text,
  canceled_by uuid references users(id) on delete set null,
  -- Set by the encounters issue when an encounter documents this consultation.
  encounter_id uuid,
  intake_form jsonb not null default '{}',
  created_at timestamptz not null default now(),
  seq bigint not null,
  deleted boolean not null default false,
  check (end_at > start_at),
  check (status <> 'declined' or decline_reason is not null),
  check (status <> 'canceled' or cancel_reason is not null)
);
-- One slot, one booking: the database refuses a second consultation holding the
-- same doctor's start, whoever writes it. Declined and canceled ones free it.
create unique index consultations_one_per_slot on consultations (doctor_id, start_at)
  where status in ('requested', 'accepted', 'finished');
create index consultations_seq_idx on consultations (seq, id);
create index consultations_doctor_idx on consultations (doctor_id, start_at);
create index consultations_patient_idx on consultations (patient_id, start_at);
create index consultations_accepted_idx on consultations (start_at) where status = 'accepted';

-- 15-minute notices already sent. The key makes a notice happen once per
-- consultation, kind and start (a rescheduled consultation is noticed again for
-- its new time): the scheduler claims a row with insert … on conflict do nothing
-- in the same statement that writes the notifications, so two edge processes,
-- or one restarted, never send twice.
create table consultation_notices (
  consultation_id uuid not null references consultations(id) on delete cascade,
  kind text not null,
  start_at timestamptz not null,
  sent_at timestamptz not null,
  primary key (consultation_id, kind, start_at)
);

-- One row per recipient (sync/schemas/site-notification.ts). The notifications
-- issue adds the list, the count, marking read and live delivery.
create table site_notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  kind text not null,
  payload jsonb not null default '{}',
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index site_notifications_user_idx on site_notifications (user_id, created_at desc);
create index site_notifications_unread_idx on site_notifications (user_id) where read_at is null;
