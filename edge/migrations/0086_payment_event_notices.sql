-- A failed payment's notice is sent once per processor event, however often its job runs (edge/docs/payments.md):
-- noticed_at is claimed in the transaction that writes the site notification and queues the mail job;
-- mailed_at is set once that job has handed the mail to the mailer.
alter table payment_events add column noticed_at timestamptz, add column mailed_at timestamptz;
