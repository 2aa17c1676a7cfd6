-- The practice's panel on the care team's devices (issue 31): the synced collection `patients`
-- (sync/collections/patients.ts). Its documents are read from users and medical_cards; this table only
-- tracks their changes: one row per patient with the change sequence `seq` and the soft-delete flag every
-- synced table has, written only through the sync writer (its advisory lock, then nextval('sync_seq'); see
-- 0002_sync.sql). Every write of a patient's profile or medical card gives the row a new seq
-- (edge/src/domains/patients/panel.ts); a patient's row is made at their first such write.
-- Valid on PostgreSQL 15 and PGlite.
create table patient_panel (
  id uuid primary key references users(id) on delete cascade,
  seq bigint not null,
  deleted boolean not null default false
);
insert into patient_panel (id, seq) select id, nextval('sync_seq') from users where role = 'patient' order by id;
create index patient_panel_seq_idx on patient_panel (seq, id);
