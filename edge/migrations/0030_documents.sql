-- Documents and faxes (02 §3 "Document"; edge/docs/documents.md). A practice's
-- documents belong to its doctor (practice_id); the platform's own documents
-- (agreements, admin/documents) have owner 'platform' and no practice.
create table documents (
  id uuid primary key default gen_random_uuid(),
  owner text not null check (owner in ('practice', 'platform')),
  practice_id uuid references users(id) on delete cascade,
  doc_type text not null check (doc_type in ('outgoing_faxes', 'incoming_faxes', 'documents')),
  box text not null check (box in ('sent', 'received')),
  name text not null,
  blob_id uuid not null references blobs(id),
  content_type text not null,
  size integer not null check (size > 0),
  status text not null check (status in ('stored', 'queued', 'sending', 'delivered', 'transmitting', 'receiving',
    'received', 'no answer', 'busy', 'failed', 'canceled')),
  status_message text,
  -- The vendor's time of the status applied last: a late callback older than it changes nothing.
  status_at timestamptz,
  fax_number text,
  recipient_name text,
  cover_note text,
  -- The fax at the vendor (outgoing: the latest attempt); an incoming fax is stored once per vendor id.
  vendor_id text,
  patient_id uuid references users(id) on delete set null,
  receiver_id uuid references users(id) on delete set null,
  shared_file_id uuid references medical_files(id) on delete set null,
  folder text,
  is_new boolean not null default true,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  check ((owner = 'platform') = (practice_id is null))
);
create unique index documents_incoming_vendor_idx on documents (vendor_id) where doc_type = 'incoming_faxes';
create index documents_practice_idx on documents (practice_id, box, created_at desc) where not deleted;
create index documents_vendor_idx on documents (vendor_id) where vendor_id is not null;

-- A document shared with a member of the care team (PUT /documents/share/{id}).
create table document_shares (
  document_id uuid not null references documents(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  shared_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (document_id, user_id)
);

-- Every fax webhook delivery the edge accepted, once per vendor event: a
-- redelivered webhook finds its key here and changes nothing.
create table fax_events (
  key text primary key,
  kind text not null check (kind in ('status', 'received')),
  payload jsonb not null,
  blob_id uuid references blobs(id) on delete set null,
  received_at timestamptz not null default now(),
  processed_at timestamptz
);
