-- When the patient last submitted a consultation's intake form (issue 32): vitals imported from it are dated then,
-- not at the consultation's start (a future date for a visit still to come). Forms already answered take the
-- consultation's creation time, when they were sent. Valid on PostgreSQL 15 and PGlite.
alter table consultations add column intake_submitted_at timestamptz;
update consultations set intake_submitted_at = created_at where intake_form ? 'answers';
