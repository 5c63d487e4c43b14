-- The assistant: passages of the knowledge articles and of resolved tickets, indexed for full-text
-- search, who may read each one (docs/adr/0172), and the conversations people had with it.

-- One row per indexed document (an article, a resolved ticket with its notes): the fingerprint of
-- what was indexed, so the re-index job rewrites only what changed (docs/adr/0174).
CREATE TABLE assistant_documents (
  kind        varchar(7) NOT NULL CHECK (kind IN ('article', 'ticket')),
  source_id   integer NOT NULL,
  fingerprint text NOT NULL,
  indexed_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, source_id)
);

-- A passage and who may read it: 'public' (a published article: everyone), 'company' (a resolved
-- ticket's text and public notes: staff and that company's client users), 'staff' (an internal
-- note, a draft article: staff only). Every read goes through one function that adds the asker's
-- predicate (server/features/assistant/passages.repo.ts).
CREATE TABLE assistant_passages (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind        varchar(7) NOT NULL,
  source_id   integer NOT NULL,
  position    integer NOT NULL,
  visibility  varchar(7) NOT NULL CHECK (visibility IN ('public', 'company', 'staff')),
  company_id  integer,
  title       text NOT NULL,
  body        text NOT NULL,
  search      tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')) STORED,
  -- The seam for vector retrieval: a plain column an embedding could fill (docs/adr/0173); empty today.
  embedding   real[],
  FOREIGN KEY (kind, source_id) REFERENCES assistant_documents (kind, source_id) ON DELETE CASCADE,
  CHECK (visibility <> 'company' OR company_id IS NOT NULL)
);
CREATE INDEX assistant_passages_search_idx ON assistant_passages USING gin (search);
CREATE INDEX assistant_passages_source_idx ON assistant_passages (kind, source_id);

CREATE TABLE assistant_conversations (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  audience       varchar(6) NOT NULL CHECK (audience IN ('staff', 'client')),
  staff_user_id  integer REFERENCES staff_users(id) ON DELETE CASCADE,
  client_user_id integer REFERENCES client_users(id) ON DELETE CASCADE,
  title          text NOT NULL,
  ticket_id      integer REFERENCES tickets(id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((audience = 'staff' AND staff_user_id IS NOT NULL AND client_user_id IS NULL)
      OR (audience = 'client' AND client_user_id IS NOT NULL AND staff_user_id IS NULL))
);
CREATE INDEX assistant_conversations_staff_idx ON assistant_conversations (staff_user_id, created_at DESC) WHERE staff_user_id IS NOT NULL;
CREATE INDEX assistant_conversations_client_idx ON assistant_conversations (client_user_id, created_at DESC) WHERE client_user_id IS NOT NULL;

CREATE TABLE assistant_messages (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES assistant_conversations(id) ON DELETE CASCADE,
  role            varchar(9) NOT NULL CHECK (role IN ('user', 'assistant')),
  text            text NOT NULL,
  sources         jsonb NOT NULL DEFAULT '[]',
  handover        jsonb,
  confidence      real,
  rating          varchar(4) CHECK (rating IN ('up', 'down')),
  comment         text,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX assistant_messages_conversation_idx ON assistant_messages (conversation_id, id);
