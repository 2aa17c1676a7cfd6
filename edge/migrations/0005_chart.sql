-- The patient chart (02 §3, §7 "Patients" to "Vitals"): encounters, note types,
-- encounter notes, diagnoses, problems, vitals. Clinical rows are never hard
-- deleted: `deleted_at` hides them (a patient detached from a practice keeps
-- every row). Valid on PostgreSQL 15 and PGlite.

alter table users add column middle_name text;

-- A doctor's note templates; VMAs use their doctor's.
create table note_types (
  id uuid primary key default gen_random_uuid(),
  doctor_id uuid not null references users(id) on delete cascade,
  name text not null,
  field_names text[] not null,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index note_types_doctor_idx on note_types (doctor_id) where deleted_at is null;

create table encounters (
  id uuid primary key default gen_random_uuid(),
  patient_id uuid not null references users(id) on delete cascade,
  -- The practice (doctor) that documented it; the care-team check uses the patient's current doctor.
  doctor_id uuid not null references users(id) on delete cascade,
  type text not null,
  reason text not null,
  encounter_datetime timestamptz not null,
  consultation_id uuid references consultations(id) on delete set null,
  details text not null default '',
  is_shared boolean not null default false,
  shared_at timestamptz,
  created_by uuid not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index encounters_patient_idx on encounters (patient_id, encounter_datetime desc) where deleted_at is null;

create table encounter_notes (
  id uuid primary key default gen_random_uuid(),
  encounter_id uuid not null references encounters(id) on delete cascade,
  patient_id uuid not null references users(id) on delete cascade,
  note_type_id uuid not null references note_types(id),
  fields jsonb not null default '{}',
  -- [{id (blob id), name, size, contentType}]
  files jsonb not null default '[]',
  is_shared boolean not null default false,
  author_id uuid not null references users(id) on delete cascade,
  updated_by uuid not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index encounter_notes_encounter_idx on encounter_notes (encounter_id, created_at) where deleted_at is null;

create table diagnoses (
  id uuid primary key default gen_random_uuid(),
  encounter_id uuid not null references encounters(id) on delete cascade,
  patient_id uuid not null references users(id) on delete cascade,
  code text not null,
  description text not null,
  comment text not null default '',
  is_shared boolean not null default false,
  created_by uuid not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index diagnoses_encounter_idx on diagnoses (encounter_id, created_at) where deleted_at is null;

create table problems (
  id uuid primary key default gen_random_uuid(),
  patient_id uuid not null references users(id) on delete cascade,
  name text not null,
  code text,
  status text not null check (status in ('active', 'resolved')),
  onset text not null default '',
  comment text not null default '',
  is_shared boolean not null default false,
  created_by uuid not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index problems_patient_idx on problems (patient_id, created_at) where deleted_at is null;

-- One vitals entry; imperial units as entered (02 §3). BMI is computed by the server.
create table vitals (
  id uuid primary key default gen_random_uuid(),
  patient_id uuid not null references users(id) on delete cascade,
  encounter_id uuid references encounters(id) on delete set null,
  consultation_id uuid references consultations(id) on delete set null,
  systolic integer check (systolic > 0),
  diastolic integer check (diastolic > 0),
  heart_rate numeric check (heart_rate > 0),
  weight_lbs numeric check (weight_lbs > 0),
  height_in numeric check (height_in > 0),
  bmi numeric check (bmi > 0),
  temperature_f numeric check (temperature_f > 0),
  respiratory_rate numeric check (respiratory_rate > 0),
  source text not null check (source in ('manual', 'intake')),
  recorded_by uuid not null references users(id) on delete cascade,
  recorded_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index vitals_patient_idx on vitals (patient_id, recorded_at);
-- An intake form's vitals are imported once.
create unique index vitals_one_import_per_consultation on vitals (consultation_id) where source = 'intake';
