-- Survey links and survey responses.
-- A survey key is the "ticket value" of a survey link: unguessable, issued once per ticket for the
-- support survey (TCS) and once per contact for the client care survey (CSS).
CREATE TABLE survey_keys (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key         varchar(64) NOT NULL UNIQUE,
  type        varchar(3) NOT NULL CHECK (type IN ('CSS', 'TCS')),
  ticket_id   integer REFERENCES tickets(id) ON DELETE CASCADE,
  contact_id  integer REFERENCES contacts(id) ON DELETE CASCADE,
  company_id  integer REFERENCES companies(id) ON DELETE CASCADE,
  email       varchar(254) NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK ((type = 'TCS' AND ticket_id IS NOT NULL) OR (type = 'CSS' AND contact_id IS NOT NULL))
);
CREATE UNIQUE INDEX survey_keys_ticket_uq ON survey_keys (ticket_id) WHERE type = 'TCS';
CREATE UNIQUE INDEX survey_keys_contact_uq ON survey_keys (contact_id) WHERE type = 'CSS';
CREATE INDEX survey_keys_company_idx ON survey_keys (company_id);

-- Every submission is kept; reports count the latest per key.
CREATE TABLE survey_responses (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  survey_key_id bigint NOT NULL REFERENCES survey_keys(id) ON DELETE CASCADE,
  type          varchar(3) NOT NULL CHECK (type IN ('CSS', 'TCS')),
  q1            smallint NOT NULL CHECK (q1 BETWEEN 1 AND 5),
  q2            smallint CHECK (q2 BETWEEN 0 AND 10),
  answers       jsonb NOT NULL,
  received_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX survey_responses_key_idx ON survey_responses (survey_key_id, received_at DESC, id DESC);
CREATE INDEX survey_responses_received_idx ON survey_responses (received_at);
