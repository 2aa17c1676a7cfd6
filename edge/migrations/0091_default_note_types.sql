-- Default note types (issue 31): notes need a type (02 §5), and a practice without one could not write its
-- first note. New doctors get the defaults at registration (edge/src/domains/chart/default-note-types.ts, the
-- one definition); this gives the same three to every doctor who has no note type that is not deleted.
-- A doctor with a type of their own gets nothing. The list below is a copy of DEFAULT_NOTE_TYPES as of this
-- migration: default-note-types.test.ts runs this file and checks it gives exactly that list.
-- Valid on PostgreSQL 15 and PGlite.
insert into note_types (doctor_id, name, field_names)
select u.id, d.name, d.field_names
from users u
cross join (values
  ('SOAP note', array['Subjective', 'Objective', 'Assessment', 'Plan']),
  ('Progress note', array['Interval history', 'Examination', 'Assessment', 'Plan']),
  ('Phone call', array['Reason for call', 'Discussion', 'Advice given', 'Follow-up'])
) as d (name, field_names)
where u.role = 'doctor'
  and not exists (select 1 from note_types t where t.doctor_id = u.id and t.deleted_at is null);
