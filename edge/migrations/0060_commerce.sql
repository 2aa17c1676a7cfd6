-- Commerce (issue 14): promo codes (coupons) and their redemptions, paid services
-- and each doctor's choice to offer them, service requests (a purchase), and the
-- commission split recorded on every charge. Money is integer cents (USD).
-- Valid on PostgreSQL 15 and PGlite.

-- 02 §5: the commission an admin sets per doctor (integer 0..100). The admin branch
-- (issue 18) adds the same column the same way, so either order merges.
alter table users add column if not exists commission_percent integer check (commission_percent between 0 and 100);

create table coupons (
  id uuid primary key default gen_random_uuid(),
  -- The code a patient types: letters and digits (02 §5); unique regardless of case.
  name text not null,
  percentage_discount integer not null check (percentage_discount > 1 and percentage_discount < 100),
  duration text not null check (duration in ('once', 'forever')),
  -- null = unlimited (02 §5: empty or 0 means unlimited).
  redemption_limit integer check (redemption_limit is null or redemption_limit > 0),
  applied_times integer not null default 0,
  -- The processor's coupon and promotion code mirroring this one.
  processor_coupon_id text,
  processor_promotion_code_id text,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  -- Counted exactly: a redemption is a conditional update that this check backs up.
  check (redemption_limit is null or applied_times <= redemption_limit)
);
create unique index coupons_name_idx on coupons (lower(name)) where deleted_at is null;
create index coupons_created_idx on coupons (created_at desc, id);

create table coupon_redemptions (
  id uuid primary key default gen_random_uuid(),
  coupon_id uuid not null references coupons (id) on delete cascade,
  patient_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('membership', 'service')),
  created_at timestamptz not null default now()
);
create index coupon_redemptions_coupon_idx on coupon_redemptions (coupon_id);

create table paid_services (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text not null default '',
  -- null = not offered to that group (02 §6: some services only for subscribers, some only for non-subscribers).
  subscriber_price_cents integer check (subscriber_price_cents is null or subscriber_price_cents > 0),
  non_subscriber_price_cents integer check (non_subscriber_price_cents is null or non_subscriber_price_cents > 0),
  -- [{ key, label, kind: 'input' | 'textarea', placeholder, required }]
  fields jsonb not null default '[]',
  attachable_files boolean not null default false,
  intake_form boolean not null default false,
  is_active boolean not null default true,
  is_homepage boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (subscriber_price_cents is not null or non_subscriber_price_cents is not null)
);
create index paid_services_created_idx on paid_services (created_at desc, id);

-- A doctor's choice to offer a service (enable or disable for me).
create table doctor_paid_services (
  doctor_id uuid not null references users (id) on delete cascade,
  service_id uuid not null references paid_services (id) on delete cascade,
  enabled boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (doctor_id, service_id)
);
