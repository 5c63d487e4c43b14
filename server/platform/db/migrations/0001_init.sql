-- Users, sessions, companies, contacts, tickets and their notes, knowledge articles,
-- the outbox and the audit log.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE staff_users (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email         varchar(254) NOT NULL UNIQUE,
  name          varchar(120) NOT NULL,
  role          varchar(10)  NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'manager', 'admin')),
  title         varchar(120),
  department    varchar(120),
  manager_id    integer REFERENCES staff_users(id),
  phone         varchar(40),
  active        boolean NOT NULL DEFAULT true,
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE companies (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name               varchar(200) NOT NULL,
  account_number     varchar(40)  NOT NULL UNIQUE,
  phone              varchar(40),
  address            varchar(500),
  website            varchar(300),
  status             varchar(10) NOT NULL DEFAULT 'active' CHECK (status IN ('prospect', 'active', 'inactive')),
  territory          varchar(120),
  account_manager_id integer REFERENCES staff_users(id),
  ms_plan            varchar(120),
  notes              text,
  created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contacts (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name       varchar(120) NOT NULL,
  email      varchar(254),
  phone      varchar(40),
  title      varchar(120),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contacts_company_idx ON contacts (company_id);

CREATE TABLE client_users (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id    integer NOT NULL REFERENCES companies(id),
  contact_id    integer REFERENCES contacts(id) ON DELETE SET NULL,
  email         varchar(254) NOT NULL UNIQUE,
  name          varchar(120) NOT NULL,
  status        varchar(10) NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'active', 'disabled')),
  password_hash text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_users_company_idx ON client_users (company_id);

CREATE TABLE sessions (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash     char(64) NOT NULL UNIQUE,
  audience       varchar(6) NOT NULL CHECK (audience IN ('staff', 'client')),
  staff_user_id  integer REFERENCES staff_users(id) ON DELETE CASCADE,
  client_user_id integer REFERENCES client_users(id) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_seen_at   timestamptz NOT NULL DEFAULT now(),
  expires_at     timestamptz NOT NULL,
  revoked_at     timestamptz,
  CHECK ((audience = 'staff' AND staff_user_id IS NOT NULL AND client_user_id IS NULL)
      OR (audience = 'client' AND client_user_id IS NOT NULL AND staff_user_id IS NULL))
);
CREATE INDEX sessions_staff_user_idx ON sessions (staff_user_id) WHERE revoked_at IS NULL;
CREATE INDEX sessions_client_user_idx ON sessions (client_user_id) WHERE revoked_at IS NULL;

CREATE TABLE tickets (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title         varchar(200) NOT NULL,
  description   text NOT NULL DEFAULT '',
  status        varchar(3) NOT NULL DEFAULT 'A' CHECK (status IN ('A', 'C', 'WOP', 'WOC', 'WOT')),
  severity      varchar(1) NOT NULL DEFAULT 'M' CHECK (severity IN ('C', 'H', 'M', 'L')),
  company_id    integer REFERENCES companies(id),
  contact_id    integer REFERENCES contacts(id) ON DELETE SET NULL,
  contact_name  varchar(120),
  contact_email varchar(254),
  queue         varchar(20) NOT NULL DEFAULT 'Support'
                CHECK (queue IN ('Support', 'Programming', 'Managed Services', 'Sales', 'QA')),
  assignee_id   integer REFERENCES staff_users(id),
  source        varchar(6) NOT NULL DEFAULT 'staff' CHECK (source IN ('staff', 'portal', 'phone', 'email')),
  duedate       timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  closed_at     timestamptz
);
-- The overdue check: an assignee's tickets that are not closed, by due date.
CREATE INDEX tickets_overdue_idx ON tickets (assignee_id, duedate) WHERE status <> 'C';
CREATE INDEX tickets_company_idx ON tickets (company_id, created_at DESC);

CREATE TABLE ticket_notes (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id      integer NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
  staff_user_id  integer REFERENCES staff_users(id),
  client_user_id integer REFERENCES client_users(id),
  body           text NOT NULL,
  internal       boolean NOT NULL DEFAULT false,
  minutes_spent  integer NOT NULL DEFAULT 0 CHECK (minutes_spent >= 0),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_notes_ticket_idx ON ticket_notes (ticket_id, created_at);

CREATE TABLE knowledge_articles (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title      varchar(200) NOT NULL,
  category   varchar(120) NOT NULL,
  body       text NOT NULL,
  published  boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address varchar(254) NOT NULL,
  subject    varchar(300) NOT NULL,
  body       text NOT NULL,
  kind       varchar(40) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at    timestamptz,
  error      text
);

CREATE TABLE audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_type  varchar(6) NOT NULL CHECK (actor_type IN ('staff', 'client', 'system')),
  actor_id    integer,
  entity      varchar(40) NOT NULL,
  entity_id   integer,
  action      varchar(40) NOT NULL,
  detail      jsonb NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, created_at);
