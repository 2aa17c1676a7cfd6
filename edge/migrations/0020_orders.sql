-- Orders (02 §3, §4, §7 "Labs" to "E-prescribing and pharmacies"): labs, imaging
-- requests, referrals and prescriptions on an encounter, their result files, and the
-- patient's preferred pharmacy. Like the chart, nothing clinical is hard deleted:
-- `deleted_at` hides a row. Files are in `blobs`; rows keep [{id, name, size,
-- contentType}]. Valid on PostgreSQL 15 and PGlite.

-- The patient's chosen pharmacy: an NCPDP id of the shipped directory (sync/data/pharmacies.ts).
alter table users add column preferred_pharmacy_id text;

create table labs (
  id uuid primary key default gen_random_uuid(),
  encounter_id uuid not null references encounters(id) on delete cascade,
  patient_id uuid not null references users(id) on delete cascade,
  -- LOINC code of sync/data/lab-tests.ts, and its name at the time of ordering.
  code text not null,
  name text not null,
  comment text not null default '',
  results jsonb not null default '[]',
  -- The order is shared; the results are shared (02 §4: results can be shared or unshared).
  is_shared boolean not null default false,
  results_shared boolean not null default false,
  created_by uuid not null references users(id) on delete cascade,
  updated_by uuid not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index labs_encounter_idx on labs (encounter_id, created_at) where deleted_at is null;
create index labs_patient_idx on labs (patient_id, created_at) where deleted_at is null;

create table imagings (
  id uuid primary key default gen_random_uuid(),
  encounter_id uuid not null references encounters(id) on delete cascade,
  patient_id uuid not null references users(id) on delete cascade,
  type text not null check (type in ('MRI', 'X-Ray', 'CT', 'Ultrasound')),
  body_part text not null,
  laterality text not null check (laterality in ('right', 'left', 'bilateral', 'not applicable')),
  contrast text not null check (contrast in ('yes', 'no', 'not sure')),
  contrast_allergy text not null default '',
  implants text not null default '',
  clinical_history text not null default '',
  imaging_center text not null default '',
  comments text not null default '',
  attachments jsonb not null default '[]',
  results jsonb not null default '[]',
  is_shared boolean not null default false,
  created_by uuid not null references users(id) on delete cascade,
  updated_by uuid not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index imagings_encounter_idx on imagings (encounter_id, created_at) where deleted_at is null;
create index imagings_patient_idx on imagings (patient_id, created_at) where deleted_at is null;

create table referrals (
  id uuid primary key default gen_random_uuid(),
  encounter_id uuid not null references encounters(id) on delete cascade,
  patient_id uuid not null references users(id) on delete cascade,
  specialty text not null,
  reason text not null,
  urgency text not null check (urgency in ('routine', 'urgent', 'stat')),
  -- The receiving clinician as free text until the practice address book (contacts) lands;
  -- contact_id will then point at a contact (no foreign key yet: the table does not exist on this branch).
  contact_name text not null default '',
  contact_id uuid,
  status text not null check (status in ('draft', 'sent', 'scheduled', 'completed', 'cancelled')),
  is_shared boolean not null default false,
  created_by uuid not null references users(id) on delete cascade,
  updated_by uuid not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index referrals_encounter_idx on referrals (encounter_id, created_at) where deleted_at is null;
create index referrals_patient_idx on referrals (patient_id, created_at) where deleted_at is null;

create table prescriptions (
  id uuid primary key default gen_random_uuid(),
  encounter_id uuid not null references encounters(id) on delete cascade,
  patient_id uuid not null references users(id) on delete cascade,
  doctor_id uuid not null references users(id) on delete cascade,
  -- The medication of sync/data/medications.ts (its id) and what it was when prescribed.
  medication_id text not null,
  medication text not null,
  instructions text not null,
  quantity integer not null check (quantity between 1 and 9999),
  unit text not null,
  days integer not null check (days > 0),
  refills integer not null check (refills between 0 and 99),
  substitution_allowed boolean not null default true,
  daw boolean not null default false,
  additional_sig text not null default '',
  pharmacist_message text not null default '',
  pharmacy_id text,
  status text not null check (status in ('draft', 'current', 'discontinued', 'cancelled')),
  -- 02 §3 codes: status 0..5, substatus S/P/D/O, archived N/Y/C.
  erx_status integer not null default 0 check (erx_status between 0 and 5),
  erx_substatus text not null default 'S' check (erx_substatus in ('S', 'P', 'D', 'O')),
  archived text not null default 'N' check (archived in ('N', 'Y', 'C')),
  -- The vendor's transmission: none (never sent), pending, transmitted, error.
  transmission text not null default 'none' check (transmission in ('none', 'pending', 'transmitted', 'error')),
  transmission_error text,
  vendor_prescription_id text,
  vendor_patient_id text,
  sent_at timestamptz,
  transmitted_at timestamptz,
  created_by uuid not null references users(id) on delete cascade,
  updated_by uuid not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index prescriptions_encounter_idx on prescriptions (encounter_id, created_at) where deleted_at is null;
create index prescriptions_patient_idx on prescriptions (patient_id, created_at) where deleted_at is null;
create unique index prescriptions_vendor_idx on prescriptions (vendor_prescription_id) where vendor_prescription_id is not null;

-- eRx status callbacks already applied (idempotency: the vendor may deliver one twice).
create table erx_callbacks (
  event_id text primary key,
  received_at timestamptz not null default now()
);
