-- One answer per Idempotency-Key (edge/docs/api.md "Exactly once for every create"): the first request with a key
-- claims it (status null while it runs), its 2xx JSON answer is kept and replayed to a request repeating it. Keys are
-- scoped per caller (user_id null: a caller without a token on a public route). A key is honoured for 24 hours:
-- older rows count as absent and the hourly sweep (edge/src/http/idempotency-store.ts) deletes them. A claim with no
-- answer after a minute is abandoned (the process crashed) and may be claimed again.
-- Valid on PostgreSQL 15 and PGlite.
create table if not exists idempotency_keys (
  user_id uuid references users (id) on delete cascade,
  key text not null check (length(key) between 1 and 255),
  -- The method and route template, e.g. "POST /api/v1/messages/:chatId" (for support; the hash decides).
  route text not null,
  -- SHA-256 of the method, path, query and body as read (files by their bytes).
  request_hash text not null,
  -- The answer's status and JSON body; both null while the first request runs.
  status smallint,
  answer jsonb,
  created_at timestamptz not null,
  constraint idempotency_keys_scope unique nulls not distinct (user_id, key)
);
create index if not exists idempotency_keys_created_at on idempotency_keys (created_at);
