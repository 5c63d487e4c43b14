-- Notification mail: each notice mailed about a ticket carries the key of its cause
-- (event, ticket, recipient, channel), so when every app server hears the same event the mail
-- is written once (ON CONFLICT DO NOTHING). Other mail has no key.
ALTER TABLE outbox ADD COLUMN once_key text;
CREATE UNIQUE INDEX outbox_once_key ON outbox (once_key) WHERE once_key IS NOT NULL;
