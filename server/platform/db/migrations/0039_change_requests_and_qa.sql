-- Software change requests from request to release (the changes feature writes these), and the
-- Quality Assurance queue (the quality feature writes qa_*).

ALTER TABLE software_change_requests
  ADD COLUMN owner_id                integer REFERENCES staff_users(id),
  ADD COLUMN target_date             date,
  ADD COLUMN implementation_plan     text,
  ADD COLUMN rollback_plan           text,
  ADD COLUMN release_note            text,
  ADD COLUMN rejection_reason        text,
  ADD COLUMN risk_score              smallint,
  ADD COLUMN risk_inputs             jsonb,
  ADD COLUMN billable                boolean NOT NULL DEFAULT false,
  ADD COLUMN emergency               boolean NOT NULL DEFAULT false,
  ADD COLUMN emergency_justification text,
  ADD COLUMN needs_review            boolean NOT NULL DEFAULT false,
  ADD COLUMN approval_request_id     integer REFERENCES approval_requests(id),
  ADD COLUMN quote_id                integer REFERENCES quotes(id),
  ADD COLUMN version                 integer NOT NULL DEFAULT 1;
CREATE INDEX software_change_requests_status_idx ON software_change_requests (status, updated_at DESC);
CREATE INDEX software_change_requests_approval_idx ON software_change_requests (approval_request_id) WHERE approval_request_id IS NOT NULL;

-- Every stage change, append-only.
CREATE TABLE scr_history (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  scr_id       integer NOT NULL REFERENCES software_change_requests(id),
  from_status  varchar(14),
  to_status    varchar(14) NOT NULL,
  action       varchar(40) NOT NULL,
  staff_id     integer REFERENCES staff_users(id),
  client_id    integer REFERENCES client_users(id),
  note         text,
  at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scr_history_scr_idx ON scr_history (scr_id, id);

CREATE FUNCTION scr_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'scr_history is append-only';
END $$;
CREATE TRIGGER scr_history_append_only BEFORE UPDATE OR DELETE ON scr_history
  FOR EACH ROW EXECUTE FUNCTION scr_history_append_only();

CREATE TABLE scr_comments (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  scr_id         integer NOT NULL REFERENCES software_change_requests(id),
  staff_id       integer REFERENCES staff_users(id),
  client_id      integer REFERENCES client_users(id),
  body           text NOT NULL,
  client_visible boolean NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((staff_id IS NULL) <> (client_id IS NULL))
);
CREATE INDEX scr_comments_scr_idx ON scr_comments (scr_id, id);

-- The Quality Assurance queue: an SCR or a ticket under test.
CREATE TABLE qa_items (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  scr_id      integer REFERENCES software_change_requests(id),
  ticket_id   integer REFERENCES tickets(id),
  title       varchar(200) NOT NULL,
  priority    varchar(8) NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'critical')),
  product_area varchar(80),
  status      varchar(10) NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'testing', 'passed', 'failed', 'blocked')),
  tester_id   integer REFERENCES staff_users(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  taken_at    timestamptz,
  done_at     timestamptz,
  version     integer NOT NULL DEFAULT 1,
  CHECK ((scr_id IS NULL) <> (ticket_id IS NULL))
);
CREATE INDEX qa_items_queue_idx ON qa_items (status, created_at);
CREATE INDEX qa_items_scr_idx ON qa_items (scr_id, id) WHERE scr_id IS NOT NULL;

-- Reusable test cases per product area.
CREATE TABLE qa_test_cases (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_area varchar(80) NOT NULL,
  title        varchar(200) NOT NULL,
  steps        text NOT NULL,
  active       boolean NOT NULL DEFAULT true,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX qa_test_cases_area_idx ON qa_test_cases (product_area, id);

-- One run of an item's tests: its result, notes, and the test cases it went through.
CREATE TABLE qa_runs (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  qa_item_id  integer NOT NULL REFERENCES qa_items(id),
  tester_id   integer NOT NULL REFERENCES staff_users(id),
  result      varchar(8) CHECK (result IN ('pass', 'fail', 'blocked')),
  notes       text,
  started_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX qa_runs_item_idx ON qa_runs (qa_item_id, id);
CREATE INDEX qa_runs_finished_idx ON qa_runs (finished_at) WHERE finished_at IS NOT NULL;

CREATE TABLE qa_run_steps (
  run_id       integer NOT NULL REFERENCES qa_runs(id),
  test_case_id integer NOT NULL REFERENCES qa_test_cases(id),
  result       varchar(8) CHECK (result IN ('pass', 'fail', 'blocked', 'skipped')),
  note         text,
  PRIMARY KEY (run_id, test_case_id)
);

-- The change-advisory step: the requesting company's account manager, and a manager when the risk is high.
INSERT INTO approval_policies (form_type, version, steps) VALUES
  ('change', 1, '[{"name": "Account manager", "approver": {"kind": "field", "field": "accountManagerId"}, "need": "any", "dueHours": 48},
                  {"name": "Manager (high risk)", "approver": {"kind": "role", "role": "manager"}, "need": "any", "when": {"field": "riskScore", "above": 6}, "dueHours": 48}]');
