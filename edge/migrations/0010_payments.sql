-- Memberships and payments (issue 13): plans, per-doctor membership options,
-- processor customers, memberships (the processor's subscriptions as the
-- webhooks report them), transactions, and the webhook events received.
-- Money is integer cents (USD).

create table plans (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text not null default '',
  price_cents integer not null check (price_cents > 0),
  initial_price_cents integer check (initial_price_cents is null or initial_price_cents >= 0),
  interval text not null check (interval in ('day', 'week', 'month', 'year', 'custom')),
  interval_count integer not null check (interval_count > 0),
  trial_days integer not null default 0 check (trial_days >= 0),
  auto_renewable boolean not null default true,
  loyal_clients_only boolean not null default false,
  available_clients integer check (available_clients is null or available_clients >= 0),
  category text not null default 'primary' check (category in ('primary', 'specialty', 'one-time')),
  welcome_package boolean not null default false,
  is_active boolean not null default true,
  is_homepage boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index plans_created_idx on plans (created_at desc, id);

-- A doctor's own terms for a plan. Prices null = the plan's.
create table membership_options (
  doctor_id uuid not null references users (id) on delete cascade,
  plan_id uuid not null references plans (id) on delete cascade,
  enabled boolean not null default false,
  trial_days integer check (trial_days is null or trial_days >= 0),
  price_cents integer check (price_cents is null or price_cents > 0),
  initial_price_cents integer check (initial_price_cents is null or initial_price_cents >= 0),
  -- 30-day notice: the price existing members pay until it applies to them.
  previous_price_cents integer,
  price_applies_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (doctor_id, plan_id)
);

-- The processor's price objects we made, one per amount and interval.
create table processor_prices (
  plan_id uuid not null references plans (id) on delete cascade,
  amount_cents integer not null,
  interval text not null,
  interval_count integer not null,
  price_id text not null unique,
  primary key (plan_id, amount_cents, interval, interval_count)
);

create table payment_customers (
  user_id uuid primary key references users (id) on delete cascade,
  customer_id text not null unique,
  created_at timestamptz not null default now()
);

create table memberships (
  id uuid primary key default gen_random_uuid(),
  patient_id uuid not null references users (id) on delete cascade,
  doctor_id uuid not null references users (id) on delete cascade,
  plan_id uuid not null references plans (id),
  subscription_id text not null unique,
  -- The processor's subscription status: incomplete, trialing, active, past_due, canceled, unpaid, incomplete_expired.
  status text not null,
  cancel_at_period_end boolean not null default false,
  current_period_end timestamptz,
  ended_at timestamptz,
  amount_cents integer not null,
  pending_plan_id uuid references plans (id),
  pending_starts_at timestamptz,
  schedule_id text,
  -- The card step (3-D Secure) the patient still has to complete, if any.
  intent_id text,
  -- The processor's time (unix seconds) of the newest event applied: an older one never overwrites it.
  version bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index memberships_patient_idx on memberships (patient_id, doctor_id);
create index memberships_doctor_idx on memberships (doctor_id, status);

-- One answer per (patient, idempotency key): concurrent identical subscribes make one subscription.
create table subscribe_requests (
  patient_id uuid not null references users (id) on delete cascade,
  idempotency_key text not null,
  request_hash text not null,
  result jsonb,
  created_at timestamptz not null default now(),
  primary key (patient_id, idempotency_key)
);

create table payment_transactions (
  id uuid primary key default gen_random_uuid(),
  patient_id uuid not null references users (id) on delete cascade,
  doctor_id uuid references users (id) on delete set null,
  membership_id uuid references memberships (id) on delete set null,
  invoice_id text not null unique,
  type text not null check (type in ('membership', 'service')),
  status text not null check (status in ('succeeded', 'pending', 'refunded', 'failed')),
  amount_cents integer not null check (amount_cents >= 0),
  currency text not null default 'usd',
  version bigint not null default 0,
  created_at timestamptz not null default now()
);
create index payment_transactions_patient_idx on payment_transactions (patient_id, created_at desc, id desc);

create table payment_events (
  id text primary key,
  type text not null,
  created bigint not null,
  payload jsonb not null,
  received_at timestamptz not null default now(),
  processed_at timestamptz
);
