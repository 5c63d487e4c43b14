-- Files attached to a ticket's notes and replies (docs/adr/0116). The file itself lives in the
-- upload folder under its storage key; the row keeps what it is (type detected from its bytes),
-- its size and SHA-256, and the name its sender gave. A row is written in the transaction of its
-- note, after the file was moved into place.
CREATE TABLE ticket_attachments (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id     integer NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
  note_id       bigint NOT NULL REFERENCES ticket_notes(id) ON DELETE CASCADE,
  storage_key   varchar(60) NOT NULL UNIQUE,
  thumbnail_key varchar(60) UNIQUE,
  original_name varchar(255) NOT NULL CHECK (original_name <> ''),
  mime_type     varchar(127) NOT NULL,
  size_bytes    bigint NOT NULL CHECK (size_bytes > 0),
  sha256        char(64) NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_attachments_ticket_idx ON ticket_attachments (ticket_id, note_id);
CREATE INDEX ticket_attachments_note_idx ON ticket_attachments (note_id);
