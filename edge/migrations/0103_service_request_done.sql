-- A paid request the practice has dealt with (issue 32: a paid imaging referral had no actions): when and by whom.
-- Valid on PostgreSQL 15 and PGlite.
alter table service_requests add column done_at timestamptz;
alter table service_requests add column done_by uuid references users (id);
