-- The change calendar's feeds: a secret, revocable address per staff member (only the token's hash
-- is kept), read by calendar apps without a session. Revoked rows stay for the audit trail.
CREATE TABLE change_feeds (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id    integer     NOT NULL REFERENCES staff_users(id),
  token_hash  bytea       NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX change_feeds_owner ON change_feeds (owner_id) WHERE revoked_at IS NULL;
CREATE INDEX software_change_requests_target ON software_change_requests (target_date) WHERE target_date IS NOT NULL;
