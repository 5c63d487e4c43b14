-- Travel expenses (docs/adr/0189, 0190): the form's policy on the approval engine, the dated
-- exchange and mileage rates its lines are priced with, the receipts people upload (the files are
-- the upload store's), and the lines of approved claims (what is exported and billed).

-- A rate is a whole number of millionths of the home currency (USD): per unit of a currency (fx)
-- or per mile (mileage). The rate in force on a day is the latest starting on or before it.
CREATE TABLE expense_rates (
  kind        varchar(10) NOT NULL CHECK (kind IN ('fx', 'mileage')),
  code        varchar(10) NOT NULL,
  valid_from  date        NOT NULL,
  rate_micros bigint      NOT NULL CHECK (rate_micros > 0),
  PRIMARY KEY (kind, code, valid_from)
);

-- A receipt belongs to the person who uploaded it; a claim's lines name receipts by id.
CREATE TABLE expense_receipts (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uploader_id   integer NOT NULL REFERENCES staff_users(id),
  storage_key   varchar(60) NOT NULL UNIQUE,
  thumbnail_key varchar(60) UNIQUE,
  original_name varchar(255) NOT NULL CHECK (original_name <> ''),
  mime_type     varchar(127) NOT NULL,
  size_bytes    bigint NOT NULL CHECK (size_bytes > 0),
  sha256        char(64) NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX expense_receipts_uploader ON expense_receipts (uploader_id, id);
CREATE INDEX expense_receipts_sha256 ON expense_receipts (sha256);

-- The lines of an approved claim, written once in the approving transaction (the primary key
-- makes a second approval write nothing and bill nothing again).
CREATE TABLE expense_lines (
  request_id          integer     NOT NULL REFERENCES approval_requests(id),
  position            integer     NOT NULL CHECK (position >= 0),
  kind                varchar(10) NOT NULL CHECK (kind IN ('mileage', 'meals', 'lodging', 'other')),
  day                 date        NOT NULL,
  description         varchar(200) NOT NULL DEFAULT '',
  merchant            varchar(120) NOT NULL DEFAULT '',
  amount_cents        bigint      NOT NULL CHECK (amount_cents >= 0),
  currency            char(3)     NOT NULL,
  distance_hundredths integer     NOT NULL DEFAULT 0 CHECK (distance_hundredths >= 0),
  rate_micros         bigint      NOT NULL CHECK (rate_micros > 0),
  rate_day            date        NOT NULL,
  home_cents          bigint      NOT NULL CHECK (home_cents >= 0),
  billable            boolean     NOT NULL DEFAULT false,
  company_id          integer     REFERENCES companies(id),
  receipt_ids         integer[]   NOT NULL DEFAULT '{}',
  quote_id            integer     REFERENCES quotes(id),
  PRIMARY KEY (request_id, position)
);

INSERT INTO expense_rates (kind, code, valid_from, rate_micros) VALUES
  ('fx', 'EUR', '2024-01-01', 1085000),
  ('fx', 'GBP', '2024-01-01', 1303725),
  ('fx', 'CAD', '2024-01-01', 741186),
  ('fx', 'CHF', '2024-01-01', 1095612),
  ('fx', 'JPY', '2024-01-01', 6486),
  ('fx', 'EUR', '2024-04-01', 1116333),
  ('fx', 'GBP', '2024-04-01', 1298297),
  ('fx', 'CAD', '2024-04-01', 730791),
  ('fx', 'CHF', '2024-04-01', 1080192),
  ('fx', 'JPY', '2024-04-01', 6640),
  ('fx', 'EUR', '2024-07-01', 1123954),
  ('fx', 'GBP', '2024-07-01', 1271455),
  ('fx', 'CAD', '2024-07-01', 723581),
  ('fx', 'CHF', '2024-07-01', 1102466),
  ('fx', 'JPY', '2024-07-01', 6825),
  ('fx', 'EUR', '2024-10-01', 1102095),
  ('fx', 'GBP', '2024-10-01', 1243512),
  ('fx', 'CAD', '2024-10-01', 725013),
  ('fx', 'CHF', '2024-10-01', 1145577),
  ('fx', 'JPY', '2024-10-01', 6900),
  ('fx', 'EUR', '2025-01-01', 1067299),
  ('fx', 'GBP', '2025-01-01', 1235614),
  ('fx', 'CAD', '2025-01-01', 734003),
  ('fx', 'CHF', '2025-01-01', 1176900),
  ('fx', 'JPY', '2025-01-01', 6809),
  ('fx', 'EUR', '2025-04-01', 1045899),
  ('fx', 'GBP', '2025-04-01', 1253739),
  ('fx', 'CAD', '2025-04-01', 743748),
  ('fx', 'CHF', '2025-04-01', 1172730),
  ('fx', 'JPY', '2025-04-01', 6620),
  ('fx', 'EUR', '2025-07-01', 1054089),
  ('fx', 'GBP', '2025-07-01', 1284170),
  ('fx', 'CAD', '2025-07-01', 746872),
  ('fx', 'CHF', '2025-07-01', 1136223),
  ('fx', 'JPY', '2025-07-01', 6477),
  ('fx', 'EUR', '2025-10-01', 1085673),
  ('fx', 'GBP', '2025-10-01', 1303877),
  ('fx', 'CAD', '2025-10-01', 741012),
  ('fx', 'CHF', '2025-10-01', 1095006),
  ('fx', 'JPY', '2025-10-01', 6487),
  ('fx', 'EUR', '2026-01-01', 1116747),
  ('fx', 'GBP', '2026-01-01', 1297947),
  ('fx', 'CAD', '2026-01-01', 730602),
  ('fx', 'CHF', '2026-01-01', 1080272),
  ('fx', 'JPY', '2026-01-01', 6644),
  ('fx', 'EUR', '2026-04-01', 1123796),
  ('fx', 'GBP', '2026-04-01', 1270867),
  ('fx', 'CAD', '2026-04-01', 723520),
  ('fx', 'CHF', '2026-04-01', 1103171),
  ('fx', 'JPY', '2026-04-01', 6827),
  ('fx', 'EUR', '2026-07-01', 1101485),
  ('fx', 'GBP', '2026-07-01', 1243131),
  ('fx', 'CAD', '2026-07-01', 725126),
  ('fx', 'CHF', '2026-07-01', 1146374),
  ('fx', 'JPY', '2026-07-01', 6900),
  ('fx', 'EUR', '2026-10-01', 1066699),
  ('fx', 'GBP', '2026-10-01', 1235729),
  ('fx', 'CAD', '2026-10-01', 734204),
  ('fx', 'CHF', '2026-10-01', 1177185),
  ('fx', 'JPY', '2026-10-01', 6806),
  ('mileage', 'mile', '2024-01-01', 670000),
  ('mileage', 'mile', '2025-01-01', 700000),
  ('mileage', 'mile', '2026-01-01', 725000);

-- The author's manager reviews every claim; above $1,000.00 their manager approves it too.
INSERT INTO approval_policies (form_type, version, steps) VALUES
  ('expense', 1, '[{"name": "Manager review", "approver": {"kind": "manager", "levels": 1}, "need": "any", "dueHours": 48},
                   {"name": "Second approval", "approver": {"kind": "manager", "levels": 2}, "need": "any", "when": {"field": "totalCents", "above": 100000}, "dueHours": 48}]');
