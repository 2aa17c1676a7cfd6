-- Commerce follow-ups (issue 14): promo codes on memberships, files on service
-- requests, payout events from the processor.

-- A membership's redemption is tied to its subscription so a first payment that
-- fails (declined, 3-D Secure failed) gives the redemption back.
alter table coupon_redemptions add column if not exists subscription_id text;
create index if not exists coupon_redemptions_subscription_idx on coupon_redemptions (subscription_id);

-- The medical files (the patient's PatientUploaded folder) attached to a request.
alter table service_requests add column if not exists file_ids jsonb not null default '[]';
-- The split fixed when the charge was made (the application fee the processor was given): a charge
-- completed later (3-D Secure) records this split, whatever the commission is by then.
alter table service_requests add column if not exists fee_cents integer not null default 0;
alter table service_requests add column if not exists net_cents integer not null default 0;

-- Payouts as the processor reports them (payout.* webhooks), one row per payout.
create table if not exists payouts (
  payout_id text primary key,
  doctor_id uuid not null references users (id) on delete cascade,
  account_id text not null,
  amount_cents integer not null,
  status text not null,
  failure_message text,
  arrival_date timestamptz,
  -- The processor's event time of the last applied event (an older event changes nothing).
  event_created timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists payouts_doctor_idx on payouts (doctor_id, created_at desc);

-- The connected account an event is about (Connect events: payouts on a doctor's account).
alter table payment_events add column if not exists account text;
