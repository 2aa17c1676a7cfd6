-- One membership being set up per patient and doctor at a time (edge/docs/payments.md "Subscribing twice at once"):
-- two subscribe requests with different idempotency keys (two tabs, a double tap) passed the "already a member"
-- check together and both made and charged a subscription. A request claims the pair before it calls the
-- processor and gives it back when it is done; a claim left by a crashed process lapses after 15 minutes.
create table if not exists membership_claims (
  patient_id uuid not null references users (id) on delete cascade,
  doctor_id uuid not null references users (id) on delete cascade,
  claimed_at timestamptz not null,
  primary key (patient_id, doctor_id)
);
