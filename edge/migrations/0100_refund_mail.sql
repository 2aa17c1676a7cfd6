-- A refund's mail to the patient (issue 32): sent once by a job; `mailed_at` keeps a re-run job from mailing twice.
-- Valid on PostgreSQL 15 and PGlite.
alter table payment_refunds add column mailed_at timestamptz;
