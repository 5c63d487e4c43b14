-- The one approval engine: versioned policies per form type, requests with their persisted
-- statechart snapshot, the append-only history, and delegations (docs/adr/0154-0157).

CREATE TABLE approval_policies (
  form_type   varchar(40) NOT NULL,
  version     integer     NOT NULL CHECK (version > 0),
  steps       jsonb       NOT NULL DEFAULT '[]',
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (form_type, version)
);

CREATE TABLE approval_requests (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  form_type       varchar(40)  NOT NULL,
  policy_version  integer      NOT NULL,
  requester_id    integer      NOT NULL REFERENCES staff_users(id),
  title           varchar(200) NOT NULL,
  payload         jsonb        NOT NULL,
  state           varchar(20)  NOT NULL CHECK (state IN ('draft', 'inReview', 'changesRequested', 'approved', 'applied', 'rejected', 'withdrawn', 'cancelled')),
  context         jsonb        NOT NULL,
  -- Who may decide now (the current step's approvers who have not decided): the inbox reads it.
  waiting_on      integer[]    NOT NULL DEFAULT '{}',
  version         integer      NOT NULL DEFAULT 1,
  submitted_at    timestamptz,
  due_at          timestamptz,
  created_at      timestamptz  NOT NULL,
  updated_at      timestamptz  NOT NULL,
  FOREIGN KEY (form_type, policy_version) REFERENCES approval_policies (form_type, version)
);
CREATE INDEX approval_requests_waiting_on ON approval_requests USING gin (waiting_on);
CREATE INDEX approval_requests_requester ON approval_requests (requester_id, id DESC);

CREATE TABLE approval_history (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id      integer     NOT NULL REFERENCES approval_requests(id),
  action          varchar(20) NOT NULL,
  actor_id        integer     REFERENCES staff_users(id),
  on_behalf_of_id integer     REFERENCES staff_users(id),
  from_state      varchar(20),
  to_state        varchar(20) NOT NULL,
  step            varchar(80),
  comment         text,
  at              timestamptz NOT NULL
);
CREATE INDEX approval_history_request ON approval_history (request_id, id);

-- The history is append-only: no row is changed or removed.
CREATE FUNCTION approval_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'approval history is append-only';
END $$;
CREATE TRIGGER approval_history_append_only BEFORE UPDATE OR DELETE ON approval_history
  FOR EACH ROW EXECUTE FUNCTION approval_history_append_only();

CREATE TABLE approval_delegations (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delegator_id  integer     NOT NULL REFERENCES staff_users(id),
  delegate_id   integer     NOT NULL REFERENCES staff_users(id),
  starts_at     timestamptz NOT NULL,
  ends_at       timestamptz NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (delegator_id <> delegate_id),
  CHECK (ends_at > starts_at)
);
CREATE INDEX approval_delegations_delegator ON approval_delegations (delegator_id, starts_at);

INSERT INTO approval_policies (form_type, version, steps) VALUES
  ('kudo', 1, '[]'),
  ('correction', 1, '[{"name": "Manager review", "approver": {"kind": "manager", "levels": 1}, "need": "any", "dueHours": 48}]');
