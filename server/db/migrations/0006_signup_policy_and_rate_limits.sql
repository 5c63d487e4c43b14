-- Attempt counters of rate-limiter-flexible's PostgreSQL store (server/auth/limits.ts), shared by
-- every app server on this database: sign-in, forgot-password, password links, signup and survey
-- submissions. The key is a prefix and a SHA-256 hash; expire is in epoch milliseconds.
CREATE TABLE rate_limits (
  key    varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
