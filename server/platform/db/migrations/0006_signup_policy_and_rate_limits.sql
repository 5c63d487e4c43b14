-- Attempt counters of rate-limiter-flexible's PostgreSQL store (server/auth/limits.ts), shared by
-- every app server on this database: sign-in, forgot-password, password links, signup and survey
-- submissions. The key is a prefix and a SHA-256 hash; expire is in epoch milliseconds.
CREATE TABLE rate_limits (
  key    varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);

-- Client self-signup per company (docs/adr/0030): off, approval by staff (the default), or at once
-- for the company's own email domains (other addresses fall back to approval). A request waiting
-- for approval is a client user in status pending_approval: it cannot sign in, get a password link
-- or be reset until staff approve it (then it is invited, with the activation link mailed).
ALTER TABLE companies
  ADD COLUMN signup_policy  varchar(13) NOT NULL DEFAULT 'approval' CHECK (signup_policy IN ('off', 'approval', 'email_domains')),
  ADD COLUMN signup_domains varchar(253)[] NOT NULL DEFAULT '{}';

ALTER TABLE client_users ALTER COLUMN status TYPE varchar(16);
ALTER TABLE client_users DROP CONSTRAINT client_users_status_check;
ALTER TABLE client_users ADD CONSTRAINT client_users_status_check
  CHECK (status IN ('pending_approval', 'invited', 'active', 'disabled'));
CREATE INDEX client_users_pending_idx ON client_users (created_at) WHERE status = 'pending_approval';
