-- Mail with an HTML part and threading headers.

-- An email may carry an HTML alternative of its text and headers of its own (Message-ID,
-- In-Reply-To, References: docs/adr/0120-ticket-mail-threading.md). Older rows have neither.
ALTER TABLE outbox ADD COLUMN html text;
ALTER TABLE outbox ADD COLUMN headers jsonb;
