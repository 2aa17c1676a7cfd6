-- Commerce (issue 14): paid-service purchases and the commission split on every
-- charge. Extends issue 13's payment_transactions with the split and refunds.

create table service_requests (
  id uuid primary key default gen_random_uuid(),
  service_id uuid not null references paid_services (id),
  patient_id uuid not null references users (id) on delete cascade,
  doctor_id uuid not null references users (id) on delete cascade,
  -- The service's custom fields and the intake form, as answered.
  field_answers jsonb not null default '{}',
  intake_answers jsonb not null default '{}',
  coupon_id uuid references coupons (id) on delete set null,
  price_cents integer not null check (price_cents > 0),
  amount_cents integer not null check (amount_cents > 0),
  status text not null check (status in ('pending', 'paid', 'failed', 'refunded')),
  intent_id text unique,
  created_at timestamptz not null default now()
);
create index service_requests_patient_idx on service_requests (patient_id, created_at desc);
create index service_requests_doctor_idx on service_requests (doctor_id, created_at desc);

-- The split of every charge (gross = amount_cents): the platform's fee (the processor's
-- application fee) and the doctor's net; refunds so far and what they reversed.
alter table payment_transactions add column if not exists fee_cents integer not null default 0;
alter table payment_transactions add column if not exists net_cents integer not null default 0;
alter table payment_transactions add column if not exists refunded_cents integer not null default 0;
alter table payment_transactions add column if not exists fee_refunded_cents integer not null default 0;
alter table payment_transactions add column if not exists net_reversed_cents integer not null default 0;
alter table payment_transactions add column if not exists service_request_id uuid references service_requests (id) on delete set null;
alter table payment_transactions add column if not exists coupon_id uuid references coupons (id) on delete set null;

create table payment_refunds (
  id uuid primary key default gen_random_uuid(),
  transaction_id uuid not null references payment_transactions (id) on delete cascade,
  refund_id text not null unique,
  amount_cents integer not null check (amount_cents > 0),
  reason text not null,
  admin_id uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index payment_refunds_transaction_idx on payment_refunds (transaction_id);

create table payout_requests (
  id uuid primary key default gen_random_uuid(),
  doctor_id uuid not null references users (id) on delete cascade,
  payout_id text not null unique,
  amount_cents integer not null check (amount_cents > 0),
  created_at timestamptz not null default now()
);

-- The CSRF token of a payout-account onboarding (01 §2 /stripe/connected → finalize):
-- single-use, for the doctor who asked for the link, kept as a SHA-256 hash.
create table payout_link_states (
  token_hash text primary key,
  doctor_id uuid not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz
);
