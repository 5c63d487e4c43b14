-- Outgoing mail to an address that bounced is kept but not sent; the outbox says why.
ALTER TABLE outbox ADD COLUMN skipped_reason varchar(400);
