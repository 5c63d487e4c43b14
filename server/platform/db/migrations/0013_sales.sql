-- Sales: activities (calls, letters, leads, closed sales), territories with an owner, monthly
-- targets, marketing channels with their spend, pipeline probabilities per quote status, and the
-- answers of the public "how did you hear about us" form (docs/adr/0089-sales.md).

-- A company's territory stays companies.territory (its name); this table gives territories an owner
-- and lets a territory exist before any company is in it.
CREATE TABLE sales_territories (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name       varchar(120) NOT NULL,
  owner_id   integer REFERENCES staff_users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sales_territories_name_idx ON sales_territories (lower(name));
INSERT INTO sales_territories (name)
  SELECT DISTINCT ON (lower(territory)) territory FROM companies WHERE territory IS NOT NULL AND territory <> '' ORDER BY lower(territory), territory;

-- Channels are referenced by id: renaming one keeps its spend, answers and attributed customers.
CREATE TABLE sales_channels (
  id       integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name     varchar(80) NOT NULL,
  offered  boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX sales_channels_name_idx ON sales_channels (lower(name));
INSERT INTO sales_channels (name, position) VALUES
  ('Search engine', 1), ('Referral from a customer', 2), ('Trade show', 3), ('Social media', 4), ('Direct mail', 5), ('Industry magazine', 6), ('Other', 7);

CREATE TABLE huhy_answers (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_name varchar(200) NOT NULL,
  company_id   integer REFERENCES companies(id),
  contact_name varchar(120) NOT NULL,
  email        varchar(254) NOT NULL,
  channel_id   integer NOT NULL REFERENCES sales_channels(id),
  detail       text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX huhy_answers_created_idx ON huhy_answers (created_at);

CREATE TABLE sales_activities (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind         varchar(10) NOT NULL CHECK (kind IN ('call', 'letter', 'lead', 'sale')),
  company_id   integer NOT NULL REFERENCES companies(id),
  -- The rep; null for a lead that came in through the public form.
  staff_id     integer REFERENCES staff_users(id),
  occurred_on  date NOT NULL,
  amount_cents bigint CHECK (amount_cents >= 0),
  quote_id     integer REFERENCES quotes(id),
  channel_id   integer REFERENCES sales_channels(id),
  huhy_id      integer REFERENCES huhy_answers(id),
  notes        text NOT NULL DEFAULT '',
  created_by   integer REFERENCES staff_users(id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'sale') = (amount_cents IS NOT NULL)),
  CHECK (kind = 'sale' OR quote_id IS NULL)
);
CREATE INDEX sales_activities_day_idx ON sales_activities (occurred_on, kind);
CREATE INDEX sales_activities_company_idx ON sales_activities (company_id, occurred_on);
CREATE INDEX sales_activities_staff_idx ON sales_activities (staff_id, occurred_on);

-- A standing monthly target per rep and kind ('revenue' in cents).
CREATE TABLE sales_targets (
  staff_id integer NOT NULL REFERENCES staff_users(id),
  kind     varchar(10) NOT NULL CHECK (kind IN ('call', 'letter', 'lead', 'sale', 'revenue')),
  monthly  bigint NOT NULL CHECK (monthly >= 0),
  PRIMARY KEY (staff_id, kind)
);

CREATE TABLE sales_spend (
  channel_id integer NOT NULL REFERENCES sales_channels(id),
  month      date NOT NULL CHECK (extract(day FROM month) = 1),
  cents      bigint NOT NULL CHECK (cents >= 0),
  PRIMARY KEY (channel_id, month)
);

CREATE TABLE sales_probabilities (
  status  varchar(10) PRIMARY KEY CHECK (status IN ('draft', 'sent', 'accepted', 'declined', 'expired')),
  percent integer NOT NULL CHECK (percent BETWEEN 0 AND 100)
);
INSERT INTO sales_probabilities (status, percent) VALUES ('draft', 10), ('sent', 40), ('accepted', 100), ('declined', 0), ('expired', 0);
