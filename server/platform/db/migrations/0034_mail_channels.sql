-- Email in: the channels mail arrives by (an IMAP mailbox the app reads, or an SMTP listener mail
-- is forwarded to), every message received (kept raw, for audit and review), the domains that
-- route an unknown sender to a company, and the addresses that bounced.

CREATE TABLE mail_channels (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name               varchar(120) NOT NULL UNIQUE,
  kind               varchar(4)   NOT NULL CHECK (kind IN ('imap', 'smtp')),
  enabled            boolean      NOT NULL DEFAULT false,
  -- The address clients write to; mail from it is our own (a loop) and is ignored.
  address            varchar(254) NOT NULL,
  queue              varchar(40)  NOT NULL,
  severity           varchar(1)   NOT NULL CHECK (severity IN ('C', 'H', 'M', 'L')),
  -- IMAP: where to read; the password is encrypted (AES-256-GCM, key from MAIL_SECRET_KEY).
  imap_host          varchar(255),
  imap_port          integer CHECK (imap_port BETWEEN 1 AND 65535),
  imap_tls           boolean      NOT NULL DEFAULT true,
  imap_user          varchar(254),
  imap_password      text,
  imap_folder        varchar(200) NOT NULL DEFAULT 'INBOX',
  -- SMTP listener: where to listen and the largest message taken.
  listen_host        varchar(255),
  listen_port        integer CHECK (listen_port BETWEEN 1 AND 65535),
  max_bytes          integer      NOT NULL DEFAULT 26214400 CHECK (max_bytes > 0),
  -- What the reader last did (for the admin screen).
  state              varchar(20)  NOT NULL DEFAULT 'stopped',
  last_error         text,
  last_checked_at    timestamptz,
  created_at         timestamptz  NOT NULL DEFAULT now(),
  updated_at         timestamptz  NOT NULL DEFAULT now()
);

CREATE TABLE mail_messages (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel_id     integer      NOT NULL REFERENCES mail_channels(id) ON DELETE CASCADE,
  -- The Message-ID (or, without one, a hash of the message): one message is processed once per channel.
  message_key    varchar(998) NOT NULL,
  received_at    timestamptz  NOT NULL,
  from_address   varchar(254),
  subject        varchar(300),
  size_bytes     integer      NOT NULL,
  raw            bytea        NOT NULL,
  raw_truncated  boolean      NOT NULL DEFAULT false,
  outcome        varchar(8)   NOT NULL CHECK (outcome IN ('ticket', 'note', 'review', 'ignored', 'bounce')),
  reason         varchar(300) NOT NULL,
  company_id     integer REFERENCES companies(id) ON DELETE SET NULL,
  ticket_id      integer REFERENCES tickets(id) ON DELETE SET NULL,
  note_id        bigint,
  spf            varchar(20),
  dkim           varchar(20),
  dmarc          varchar(20),
  reviewed_at    timestamptz,
  reviewed_by    integer REFERENCES staff_users(id),
  UNIQUE (channel_id, message_key)
);
CREATE INDEX mail_messages_review_idx ON mail_messages (received_at DESC) WHERE outcome = 'review' AND reviewed_at IS NULL;
CREATE INDEX mail_messages_sender_idx ON mail_messages (channel_id, from_address, received_at);
CREATE INDEX mail_messages_ticket_idx ON mail_messages (ticket_id) WHERE ticket_id IS NOT NULL;

CREATE TABLE company_mail_domains (
  domain     varchar(253) PRIMARY KEY CHECK (domain = lower(domain)),
  company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE
);
CREATE INDEX company_mail_domains_company_idx ON company_mail_domains (company_id);

CREATE TABLE mail_bounces (
  address     varchar(254) PRIMARY KEY CHECK (address = lower(address)),
  bounced_at  timestamptz  NOT NULL,
  reason      varchar(300) NOT NULL,
  message_id  bigint REFERENCES mail_messages(id) ON DELETE SET NULL
);
