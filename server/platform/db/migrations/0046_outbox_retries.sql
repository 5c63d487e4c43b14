-- A failed send is tried again by a job (docs/adr/0204): how many tries a row has had, and when
-- the last allowed try failed (the mail is then given up, and the outbox says so).
ALTER TABLE outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN failed_at timestamptz;
-- The rows a starting server queues again: failed, not yet sent, skipped or given up.
CREATE INDEX outbox_retry_idx ON outbox (id) WHERE error IS NOT NULL AND sent_at IS NULL AND skipped_reason IS NULL AND failed_at IS NULL;
