-- The weekly schedule (teams, shifts, on-call rotations and their overrides, calendar feeds),
-- certifications with their reminders, and paid time off kept as a ledger. Written only by the
-- people feature. PTO requests and shift swaps are forms of the approval engine (policies below).

CREATE TABLE teams (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name       varchar(80)  NOT NULL UNIQUE,
  -- The schedule owner: edits the grid and hears of coverage gaps.
  owner_id   integer      REFERENCES staff_users(id),
  time_zone  varchar(64)  NOT NULL DEFAULT 'UTC',
  -- Public holidays of this country (or country-state, "US-CA") apply to its members.
  region     varchar(10)  NOT NULL DEFAULT 'US'
);

CREATE TABLE team_members (
  team_id  integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  staff_id integer NOT NULL REFERENCES staff_users(id),
  PRIMARY KEY (team_id, staff_id)
);
CREATE INDEX team_members_staff ON team_members (staff_id);

CREATE TABLE shifts (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  team_id    integer     NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  staff_id   integer     NOT NULL REFERENCES staff_users(id),
  starts_at  timestamptz NOT NULL,
  ends_at    timestamptz NOT NULL,
  version    integer     NOT NULL DEFAULT 1,
  CHECK (ends_at > starts_at)
);
CREATE INDEX shifts_team_time ON shifts (team_id, starts_at);
CREATE INDEX shifts_staff_time ON shifts (staff_id, starts_at);

-- One rotation per team: hand-overs at the rule's occurrences (local time in its zone), members in turn.
CREATE TABLE on_call_rotations (
  team_id    integer      PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
  rule       varchar(200) NOT NULL,
  time_zone  varchar(64)  NOT NULL,
  handover   time         NOT NULL,
  starts_on  date         NOT NULL,
  members    integer[]    NOT NULL DEFAULT '{}'
);

CREATE TABLE on_call_overrides (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  team_id    integer     NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  staff_id   integer     NOT NULL REFERENCES staff_users(id),
  starts_at  timestamptz NOT NULL,
  ends_at    timestamptz NOT NULL,
  CHECK (ends_at > starts_at)
);
CREATE INDEX on_call_overrides_team ON on_call_overrides (team_id, starts_at);

-- A secret feed address: only the token's hash is kept; a revoked feed answers 404.
CREATE TABLE schedule_feeds (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id    integer     NOT NULL REFERENCES staff_users(id),
  staff_id    integer     REFERENCES staff_users(id),
  team_id     integer     REFERENCES teams(id) ON DELETE CASCADE,
  token_hash  bytea       NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  CHECK ((staff_id IS NULL) <> (team_id IS NULL))
);

CREATE TABLE certifications (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id    integer      NOT NULL REFERENCES staff_users(id),
  name        varchar(120) NOT NULL,
  issuer      varchar(120) NOT NULL,
  earned_on   date         NOT NULL,
  expires_on  date,
  CHECK (expires_on IS NULL OR expires_on > earned_on)
);
CREATE INDEX certifications_staff ON certifications (staff_id);
CREATE INDEX certifications_expiry ON certifications (expires_on) WHERE expires_on IS NOT NULL;

-- Each reminder (90, 60, 30, 7 days before) is sent once: its row is written with its mail.
CREATE TABLE certification_reminders (
  certification_id integer     NOT NULL REFERENCES certifications(id) ON DELETE CASCADE,
  days_before      integer     NOT NULL,
  sent_at          timestamptz NOT NULL,
  PRIMARY KEY (certification_id, days_before)
);

CREATE TABLE pto_plans (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name               varchar(80)  NOT NULL UNIQUE,
  hours_per_month    numeric(6,2) NOT NULL CHECK (hours_per_month >= 0),
  -- Accrual stops while the balance is at the cap.
  cap_hours          numeric(7,2) NOT NULL CHECK (cap_hours >= 0),
  -- At a year's end at most this much carries over; the rest is forfeited.
  carry_over_hours   numeric(7,2) NOT NULL CHECK (carry_over_hours >= 0),
  -- Carried hours not taken by the end of this month of the new year expire.
  carry_over_expires integer      NOT NULL CHECK (carry_over_expires BETWEEN 1 AND 12),
  -- A request may take the balance down to this (0: no borrowing).
  floor_hours        numeric(7,2) NOT NULL DEFAULT 0 CHECK (floor_hours <= 0),
  hours_per_day      numeric(4,2) NOT NULL DEFAULT 8 CHECK (hours_per_day > 0 AND hours_per_day <= 24)
);

CREATE TABLE pto_plan_members (
  staff_id integer PRIMARY KEY REFERENCES staff_users(id),
  plan_id  integer NOT NULL REFERENCES pto_plans(id)
);

-- The balance is the sum of this ledger (accruals and carry-over in, leave and expiry out). Each
-- entry has a source key that is unique per person, so a job run again adds nothing.
CREATE TABLE pto_ledger (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id      integer      NOT NULL REFERENCES staff_users(id),
  kind          varchar(20)  NOT NULL CHECK (kind IN ('accrual', 'forfeit', 'expiry', 'taken', 'adjustment')),
  hours         numeric(7,2) NOT NULL,
  effective_on  date         NOT NULL,
  source        varchar(80)  NOT NULL,
  request_id    integer      REFERENCES approval_requests(id),
  created_at    timestamptz  NOT NULL,
  UNIQUE (staff_id, source)
);

INSERT INTO approval_policies (form_type, version, steps) VALUES
  ('pto', 1, '[{"name": "Manager approval", "approver": {"kind": "manager", "levels": 1}, "need": "any", "dueHours": 48}]'),
  ('shift_swap', 1, '[{"name": "Colleague accepts", "approver": {"kind": "field", "field": "counterpartId"}, "need": "any", "dueHours": 24},
                      {"name": "Manager approval", "approver": {"kind": "manager", "levels": 1}, "need": "any", "dueHours": 24}]');
