-- The sweep of abandoned 3-D Secure service charges (issue 14, edge/docs/commerce.md) looks up
-- requests still pending by age.
create index if not exists service_requests_pending_idx on service_requests (created_at) where status = 'pending';
