-- Idempotent creates (docs/adr/0103): a create sent with an Idempotency-Key claims the key in the
-- same transaction as its write and stores its answer there, so a retry (after a timeout, a
-- dropped connection, a crash that lost the answer) gets the first answer instead of a second
-- record. The key belongs to one caller: scope is the audience and the principal's id
-- ("staff:12", "client:7"). A concurrent request with the same key waits on the primary key until
-- the first commits, then replays it. Keys older than the retention are deleted by a job.
CREATE TABLE idempotency_keys (
  scope varchar(40) NOT NULL,
  key varchar(255) NOT NULL,
  -- "POST /api/v2/tickets/7/notes": a key is for one request, on one address.
  request varchar(600) NOT NULL,
  -- SHA-256 (hex) of the request body in canonical JSON (keys sorted).
  fingerprint char(64) NOT NULL,
  -- The first answer: set in the transaction that claimed the key, so no other transaction ever
  -- sees a key without its answer. json, not jsonb: the replay is the same bytes.
  status smallint,
  body json,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
