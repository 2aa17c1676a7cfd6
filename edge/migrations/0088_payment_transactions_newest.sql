-- Transactions newest first, for the admin (all) and for one doctor: the list's pages and the CSV's
-- (streamed 1,000 rows at a time after the last row sent, edge/docs/commerce.md) read these instead of
-- sorting every row of the scope for each page.
create index if not exists payment_transactions_newest_idx on payment_transactions (created_at desc, id desc);
create index if not exists payment_transactions_doctor_idx on payment_transactions (doctor_id, created_at desc, id desc);
