-- Quotes: the catalog grows bundles; quotes with their revisions, lines, client links and decisions.

ALTER TABLE catalog_items ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX catalog_items_search_idx ON catalog_items (lower(name));

-- A bundle is a catalog item made of other items, each with a quantity.
CREATE TABLE catalog_bundle_items (
  bundle_id integer NOT NULL REFERENCES catalog_items(id) ON DELETE CASCADE,
  item_id   integer NOT NULL REFERENCES catalog_items(id),
  quantity  integer NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (bundle_id, item_id),
  CHECK (bundle_id <> item_id)
);

CREATE SEQUENCE quote_number_seq START 1001;

-- One row per revision: Q-1001 is revision 1, Q-1001-R2 the next; root_id ties them together.
CREATE TABLE quotes (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  number            varchar(20) NOT NULL,
  revision          integer NOT NULL DEFAULT 1 CHECK (revision >= 1),
  root_id           integer REFERENCES quotes(id),
  company_id        integer REFERENCES companies(id),
  company_created   boolean NOT NULL DEFAULT false,
  client_name       varchar(200) NOT NULL DEFAULT '',
  contact_name      varchar(120) NOT NULL DEFAULT '',
  contact_email     varchar(254) NOT NULL DEFAULT '',
  type              varchar(10) NOT NULL CHECK (type IN ('support', 'project', 'hardware', 'paper')),
  status            varchar(10) NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sent', 'accepted', 'declined', 'expired')),
  superseded        boolean NOT NULL DEFAULT false,
  title             varchar(200) NOT NULL DEFAULT '',
  valid_until       date NOT NULL,
  notes             text NOT NULL DEFAULT '',
  terms             text NOT NULL DEFAULT '',
  tax_rate_bp       integer NOT NULL CHECK (tax_rate_bp BETWEEN 0 AND 10000),
  subtotal_cents    bigint NOT NULL DEFAULT 0,
  tax_cents         bigint NOT NULL DEFAULT 0,
  total_cents       bigint NOT NULL DEFAULT 0,
  owner_id          integer NOT NULL REFERENCES staff_users(id),
  version           integer NOT NULL DEFAULT 1,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  sent_at           timestamptz,
  decided_at        timestamptz,
  UNIQUE (number, revision)
);
CREATE INDEX quotes_status_idx ON quotes (status) WHERE NOT superseded;
CREATE INDEX quotes_company_idx ON quotes (company_id);

CREATE TABLE quote_lines (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote_id         integer NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  position         integer NOT NULL,
  kind             varchar(10) NOT NULL CHECK (kind IN ('item', 'heading')),
  catalog_item_id  integer REFERENCES catalog_items(id),
  sku              varchar(40) NOT NULL DEFAULT '',
  description      text NOT NULL DEFAULT '',
  quantity         numeric(10, 2) NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  unit_price_cents bigint NOT NULL DEFAULT 0 CHECK (unit_price_cents >= 0),
  discount_bp      integer NOT NULL DEFAULT 0 CHECK (discount_bp BETWEEN 0 AND 10000),
  taxable          boolean NOT NULL DEFAULT true,
  optional         boolean NOT NULL DEFAULT false,
  chosen           boolean NOT NULL DEFAULT false,
  UNIQUE (quote_id, position)
);
CREATE INDEX quote_lines_item_idx ON quote_lines (catalog_item_id) WHERE catalog_item_id IS NOT NULL;

-- The emailed link: the key is only stored hashed; it works for one quote revision.
CREATE TABLE quote_links (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote_id   integer NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  key_hash   char(64) NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The client's decision: who, when, from where, and a SHA-256 of exactly what was accepted.
CREATE TABLE quote_decisions (
  quote_id      integer PRIMARY KEY REFERENCES quotes(id) ON DELETE CASCADE,
  decision      varchar(10) NOT NULL CHECK (decision IN ('accepted', 'declined')),
  name          varchar(120) NOT NULL,
  reason        text NOT NULL DEFAULT '',
  address       varchar(64) NOT NULL,
  content_hash  char(64),
  chosen_lines  integer[] NOT NULL DEFAULT '{}',
  total_cents   bigint NOT NULL DEFAULT 0,
  decided_at    timestamptz NOT NULL DEFAULT now()
);
