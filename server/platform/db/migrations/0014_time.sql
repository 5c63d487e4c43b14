-- Time: the weekly timesheet and its approval, the timeclock, the managed-services timer and
-- managed-services contracts (docs/adr/0080-time-and-managed-services.md).

-- Time entries gain where they came from, the instants of timed work (the tracker) and the
-- project they may belong to (the projects feature adds the column too; whichever runs first wins).
ALTER TABLE time_entries ADD COLUMN IF NOT EXISTS project_id integer;
ALTER TABLE time_entries ADD COLUMN source varchar(12) NOT NULL DEFAULT 'ticket'
  CHECK (source IN ('ticket', 'timesheet', 'tracker'));
ALTER TABLE time_entries ADD COLUMN started_at timestamptz;
ALTER TABLE time_entries ADD COLUMN ended_at timestamptz;
ALTER TABLE time_entries ADD CONSTRAINT time_entries_interval_ck
  CHECK ((started_at IS NULL) = (ended_at IS NULL) AND (ended_at IS NULL OR ended_at > started_at));
CREATE INDEX time_entries_company_day_idx ON time_entries (company_id, work_date);

-- The rows a person keeps on a week even before any hours are in them (added, or copied from last week).
CREATE TABLE timesheet_rows (
  staff_user_id integer NOT NULL REFERENCES staff_users(id),
  week_start    date NOT NULL CHECK (extract(isodow FROM week_start) = 1),
  ticket_id     integer REFERENCES tickets(id) ON DELETE CASCADE,
  company_id    integer REFERENCES companies(id),
  billable      boolean NOT NULL DEFAULT true,
  CHECK ((ticket_id IS NULL) <> (company_id IS NULL))
);
CREATE UNIQUE INDEX timesheet_rows_item_uq ON timesheet_rows (staff_user_id, week_start, COALESCE(ticket_id, 0), COALESCE(company_id, 0));

-- One row per person and week once it leaves draft: submitted, approved (locked) or rejected.
CREATE TABLE timesheet_weeks (
  staff_user_id  integer NOT NULL REFERENCES staff_users(id),
  week_start     date NOT NULL CHECK (extract(isodow FROM week_start) = 1),
  status         varchar(10) NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted', 'approved', 'rejected')),
  reason         varchar(500),
  submitted_at   timestamptz,
  decided_at     timestamptz,
  decided_by     integer REFERENCES staff_users(id),
  -- The cells as they were when the last decision was made, for "what changed since".
  decided_cells  jsonb,
  PRIMARY KEY (staff_user_id, week_start)
);

-- Timeclock punches: one open punch per person, enforced here.
CREATE TABLE timeclock_punches (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_user_id    integer NOT NULL REFERENCES staff_users(id),
  time_zone        varchar(64) NOT NULL,
  punched_in_at    timestamptz NOT NULL,
  punched_out_at   timestamptz,
  break_started_at timestamptz,
  break_seconds    integer NOT NULL DEFAULT 0 CHECK (break_seconds >= 0),
  flagged_at       timestamptz,
  corrected_by     integer REFERENCES staff_users(id),
  CHECK (punched_out_at IS NULL OR punched_out_at >= punched_in_at),
  CHECK (punched_out_at IS NULL OR break_started_at IS NULL)
);
CREATE UNIQUE INDEX timeclock_one_open_punch_uq ON timeclock_punches (staff_user_id) WHERE punched_out_at IS NULL;
CREATE INDEX timeclock_punches_staff_idx ON timeclock_punches (staff_user_id, punched_in_at);

-- Managed-services contracts, one per company.
CREATE TABLE ms_contracts (
  company_id           integer PRIMARY KEY REFERENCES companies(id),
  plan                 varchar(120) NOT NULL,
  included_minutes     integer NOT NULL CHECK (included_minutes >= 0),
  overage_rate_cents   integer NOT NULL CHECK (overage_rate_cents >= 0),
  rounding_minutes     integer NOT NULL DEFAULT 15 CHECK (rounding_minutes IN (0, 6, 15, 30)),
  rollover             boolean NOT NULL DEFAULT false,
  rollover_cap_minutes integer NOT NULL DEFAULT 0 CHECK (rollover_cap_minutes >= 0),
  active               boolean NOT NULL DEFAULT true,
  updated_at           timestamptz NOT NULL DEFAULT now()
);

-- The running managed-services timer of a person on a company: its start and pauses live here.
CREATE TABLE ms_timers (
  staff_user_id  integer NOT NULL REFERENCES staff_users(id),
  company_id     integer NOT NULL REFERENCES companies(id),
  started_at     timestamptz NOT NULL,
  paused_at      timestamptz,
  paused_seconds integer NOT NULL DEFAULT 0 CHECK (paused_seconds >= 0),
  PRIMARY KEY (staff_user_id, company_id)
);

-- Usage alerts sent: once per company, month and threshold, whoever sends concurrently.
CREATE TABLE ms_usage_alerts (
  company_id integer NOT NULL REFERENCES companies(id),
  month      date NOT NULL CHECK (extract(day FROM month) = 1),
  threshold  integer NOT NULL CHECK (threshold IN (80, 95, 100)),
  sent_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, month, threshold)
);

-- Month close: what was billed, once per company and month.
CREATE TABLE ms_month_closes (
  company_id           integer NOT NULL REFERENCES companies(id),
  month                date NOT NULL CHECK (extract(day FROM month) = 1),
  included_minutes     integer NOT NULL,
  rollover_in_minutes  integer NOT NULL,
  billed_minutes       integer NOT NULL,
  overage_minutes      integer NOT NULL,
  overage_cents        bigint NOT NULL,
  rollover_out_minutes integer NOT NULL,
  closed_at            timestamptz NOT NULL DEFAULT now(),
  closed_by            integer REFERENCES staff_users(id),
  PRIMARY KEY (company_id, month)
);
