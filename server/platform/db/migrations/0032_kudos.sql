-- Kudos: the company values a kudo names (a list admins keep) and the published kudos, written
-- when the engine approves a kudo request (a policy with no steps: at once).
CREATE TABLE kudo_values (
  name      varchar(80) PRIMARY KEY,
  position  integer     NOT NULL,
  active    boolean     NOT NULL DEFAULT true
);
INSERT INTO kudo_values (name, position) VALUES
  ('Customer first', 1), ('Own it', 2), ('Better together', 3), ('Keep learning', 4), ('Do the right thing', 5);

CREATE TABLE kudos (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id  integer      NOT NULL UNIQUE REFERENCES approval_requests(id),
  from_id     integer      NOT NULL REFERENCES staff_users(id),
  to_id       integer      NOT NULL REFERENCES staff_users(id),
  message     text         NOT NULL,
  value       varchar(80)  NOT NULL REFERENCES kudo_values(name),
  ticket_id   integer      REFERENCES tickets(id),
  project_id  integer      REFERENCES projects(id),
  created_at  timestamptz  NOT NULL,
  CHECK (from_id <> to_id)
);
CREATE INDEX kudos_recent ON kudos (created_at DESC);
CREATE INDEX kudos_to ON kudos (to_id, created_at DESC);
