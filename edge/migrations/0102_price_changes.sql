-- A membership price change and its notice to existing members (issue 32): the notice goes out only after a short
-- undo window (notify_at); an undo before then restores the price and tells no one. Owned by the memberships domain.
create table price_changes (
  id uuid primary key default gen_random_uuid(),
  plan_id uuid not null references plans (id),
  -- null: the plan's own price (admin); else that doctor's option.
  doctor_id uuid references users (id),
  old_cents integer not null,
  new_cents integer not null,
  -- What the doctor's option held before (null: it followed the plan's price), restored by an undo.
  old_option_cents integer,
  members integer not null,
  created_at timestamptz not null,
  notify_at timestamptz not null,
  applies_at timestamptz not null,
  undone_at timestamptz,
  notified_at timestamptz
);
create index price_changes_pending_idx on price_changes (plan_id, doctor_id) where undone_at is null and notified_at is null;
