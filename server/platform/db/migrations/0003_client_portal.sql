-- Client portal: set/reset-password tokens, the catalog (paper products), paper orders and
-- software change requests.

CREATE TABLE password_tokens (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_user_id integer NOT NULL REFERENCES client_users(id) ON DELETE CASCADE,
  purpose        varchar(6) NOT NULL CHECK (purpose IN ('invite', 'reset')),
  token_hash     char(64) NOT NULL UNIQUE,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_tokens_user_idx ON password_tokens (client_user_id) WHERE used_at IS NULL;

CREATE TABLE catalog_items (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sku              varchar(40) NOT NULL UNIQUE,
  name             varchar(200) NOT NULL,
  description      text NOT NULL DEFAULT '',
  category         varchar(40) NOT NULL,
  unit_price_cents integer NOT NULL DEFAULT 0 CHECK (unit_price_cents >= 0),
  unit_cost_cents  integer NOT NULL DEFAULT 0 CHECK (unit_cost_cents >= 0),
  taxable          boolean NOT NULL DEFAULT true,
  active           boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX catalog_items_category_idx ON catalog_items (category) WHERE active;

CREATE TABLE paper_orders (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id      integer NOT NULL REFERENCES companies(id),
  client_user_id  integer REFERENCES client_users(id) ON DELETE SET NULL,
  catalog_item_id integer NOT NULL REFERENCES catalog_items(id),
  quantity        integer NOT NULL CHECK (quantity > 0),
  po_number       varchar(60),
  ship_to         varchar(500) NOT NULL,
  status          varchar(10) NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'processing', 'shipped')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX paper_orders_company_idx ON paper_orders (company_id, created_at DESC);

CREATE TABLE software_change_requests (
  id                   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id           integer NOT NULL REFERENCES companies(id),
  requested_by_client  integer REFERENCES client_users(id) ON DELETE SET NULL,
  requested_by_staff   integer REFERENCES staff_users(id) ON DELETE SET NULL,
  title                varchar(200) NOT NULL,
  description          text NOT NULL,
  business_reason      text,
  priority             varchar(8) NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'critical')),
  status               varchar(14) NOT NULL DEFAULT 'submitted'
                       CHECK (status IN ('submitted', 'under_review', 'approved', 'in_development', 'in_qa', 'released', 'rejected')),
  estimate_hours       numeric(8, 2),
  project_id           integer,
  ticket_id            integer REFERENCES tickets(id) ON DELETE SET NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX software_change_requests_company_idx ON software_change_requests (company_id, created_at DESC);

-- Outbox read by admins, newest first.
CREATE INDEX outbox_created_idx ON outbox (created_at DESC, id DESC);
