-- Collaborative encounter notes (issue 7): each note is a Yjs document whose
-- updates are appended here; compaction replaces them by one merged update.
-- Appends and compactions of one note hold a transaction-level advisory lock
-- on it, so a note's seqs commit in order and a reader that applied seq n
-- never misses a row below n. Valid on PostgreSQL 15 and PGlite.
create table note_updates (
  note_id uuid not null references encounter_notes(id) on delete cascade,
  seq bigserial,
  update bytea not null,
  created_at timestamptz not null default now(),
  primary key (note_id, seq)
);
