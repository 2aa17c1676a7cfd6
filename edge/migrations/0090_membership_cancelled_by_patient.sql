-- Who asked for a membership to end at period end: a doctor may resume (POST /doctors/subscription/cancel/{id}
-- {mode: notCancel}) a cancellation the practice made, never one the patient made (billing would restart without
-- the patient's consent; edge/docs/payments.md).
alter table memberships add column if not exists cancelled_by_patient boolean not null default false;
