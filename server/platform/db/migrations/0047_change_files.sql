-- Files on change requests (attachments, shared with the requesting company's clients) and the
-- evidence testers attach to QA items, both stored through the one upload path (docs/adr/0205).
CREATE TABLE scr_attachments (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  scr_id        integer NOT NULL REFERENCES software_change_requests(id),
  staff_id      integer NOT NULL REFERENCES staff_users(id),
  storage_key   varchar(60) NOT NULL UNIQUE,
  thumbnail_key varchar(60) UNIQUE,
  original_name varchar(255) NOT NULL CHECK (original_name <> ''),
  mime_type     varchar(127) NOT NULL,
  size_bytes    bigint NOT NULL CHECK (size_bytes > 0),
  sha256        char(64) NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scr_attachments_scr ON scr_attachments (scr_id, id);

CREATE TABLE qa_evidence (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  qa_item_id    integer NOT NULL REFERENCES qa_items(id) ON DELETE CASCADE,
  -- The run under way when the file was attached (none before the item is first taken).
  qa_run_id     integer REFERENCES qa_runs(id) ON DELETE CASCADE,
  staff_id      integer NOT NULL REFERENCES staff_users(id),
  storage_key   varchar(60) NOT NULL UNIQUE,
  thumbnail_key varchar(60) UNIQUE,
  original_name varchar(255) NOT NULL CHECK (original_name <> ''),
  mime_type     varchar(127) NOT NULL,
  size_bytes    bigint NOT NULL CHECK (size_bytes > 0),
  sha256        char(64) NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX qa_evidence_item ON qa_evidence (qa_item_id, id);
