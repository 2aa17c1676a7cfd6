-- The chart's entries on the care team's devices (issue 31): the synced collection `chart_entries`
-- (sync/collections/chart-entries.ts). Its documents are read from encounters, diagnoses, problems and vitals;
-- this table only tracks them: one row per entry with its kind, patient, encounter, the change sequence `seq`
-- and the soft-delete flag every synced table has. Any write of an entry's own table (whatever the code path:
-- the chart API, a seed, an import) marks the row `dirty` through the triggers below, which take no lock and
-- hand out no seq; the edge then gives the marked rows a new seq under the sync writer's lock (see
-- 0002_sync.sql) after each request that may have written and before each pull of the collection
-- (edge/src/domains/chart/entries.ts). A new row waits with seq 0, which no pull or live change reads.
-- Valid on PostgreSQL 15 and PGlite.
create table chart_entries (
  id uuid primary key,
  kind text not null check (kind in ('encounter', 'diagnosis', 'problem', 'vitals')),
  patient_id uuid not null,
  encounter_id uuid,
  seq bigint not null,
  deleted boolean not null default false,
  dirty boolean not null default false
);
create index chart_entries_seq_idx on chart_entries (seq, id);
create index chart_entries_patient_idx on chart_entries (patient_id);
create index chart_entries_encounter_idx on chart_entries (encounter_id) where encounter_id is not null;
create index chart_entries_dirty_idx on chart_entries (id) where dirty;

create function chart_entry_mark() returns trigger language plpgsql as $$
declare
  r jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
begin
  insert into chart_entries (id, kind, patient_id, encounter_id, seq, dirty)
  values ((r->>'id')::uuid, tg_argv[0], (r->>'patient_id')::uuid,
    case when tg_argv[0] = 'encounter' then null else (r->>'encounter_id')::uuid end, 0, true)
  on conflict (id) do update set dirty = true, patient_id = excluded.patient_id, encounter_id = excluded.encounter_id;
  -- An encounter deleted or restored changes what its diagnoses read as (deleted with it).
  -- (Nested: the inner test reads deleted_at, which only an update of encounters has.)
  if tg_argv[0] = 'encounter' and tg_op = 'UPDATE' then
    if (old.deleted_at is null) <> (new.deleted_at is null) then
      update chart_entries set dirty = true where encounter_id = new.id and kind = 'diagnosis';
    end if;
  end if;
  return null;
end $$;

create trigger encounters_chart_entry after insert or update or delete on encounters
  for each row execute function chart_entry_mark('encounter');
create trigger diagnoses_chart_entry after insert or update or delete on diagnoses
  for each row execute function chart_entry_mark('diagnosis');
create trigger problems_chart_entry after insert or update or delete on problems
  for each row execute function chart_entry_mark('problem');
create trigger vitals_chart_entry after insert or update or delete on vitals
  for each row execute function chart_entry_mark('vitals');

insert into chart_entries (id, kind, patient_id, encounter_id, seq)
select id, kind, patient_id, encounter_id, nextval('sync_seq') from (
  select id, 'encounter' as kind, patient_id, null::uuid as encounter_id from encounters
  union all select id, 'diagnosis', patient_id, encounter_id from diagnoses
  union all select id, 'problem', patient_id, null from problems
  union all select id, 'vitals', patient_id, encounter_id from vitals
) e order by id;

-- An instant as the API writes it (JavaScript's toISOString): 2026-01-31T12:00:00.000Z.
create function chart_iso(t timestamptz) returns text language sql immutable
  as $$ select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;
