-- 02 §9 imaging referral (issue 14, edge/docs/commerce.md "Additional requests and the refund window"):
-- a service may price further requests lower within a window after a paid first one ($30 each, up to 3,
-- within 30 days of the $59 first), and may refuse refunds after a number of days (30).
alter table paid_services add column if not exists additional_price_cents integer
  check (additional_price_cents is null or additional_price_cents > 0);
alter table paid_services add column if not exists additional_max integer
  check (additional_max is null or additional_max between 1 and 10);
alter table paid_services add column if not exists additional_within_days integer
  check (additional_within_days is null or additional_within_days between 1 and 365);
alter table paid_services add column if not exists refund_window_days integer
  check (refund_window_days is null or refund_window_days between 1 and 365);
alter table paid_services drop constraint if exists paid_services_additional_all_or_none;
alter table paid_services add constraint paid_services_additional_all_or_none check (
  (additional_price_cents is null) = (additional_max is null) and (additional_max is null) = (additional_within_days is null));

-- An additional request names the first one whose window it uses; a first request has none.
alter table service_requests add column if not exists first_request_id uuid references service_requests (id) on delete set null;
create index if not exists service_requests_first_idx on service_requests (first_request_id) where first_request_id is not null;
create index if not exists service_requests_firsts_idx on service_requests (patient_id, service_id, doctor_id, created_at desc)
  where first_request_id is null;
