-- Mail with an HTML part and threading headers; in-app notifications for staff.

-- An email may carry an HTML alternative of its text and headers of its own (Message-ID,
-- In-Reply-To, References: docs/adr/0120-ticket-mail-threading.md). Older rows have neither.
ALTER TABLE outbox ADD COLUMN html text;
ALTER TABLE outbox ADD COLUMN headers jsonb;

-- What a staff user is told in the app: a ticket assigned to them, a client's reply on their
-- ticket, their ticket turned overdue. Written only by the notifications feature. `ref` names
-- the cause (the thread entry, the client's note, the due date that passed), so the same cause
-- seen twice (several app servers, a job run again) is one notification.
CREATE TABLE notifications (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
  kind       varchar(20) NOT NULL CHECK (kind IN ('assigned', 'client_reply', 'overdue')),
  ticket_id  integer NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
  ref        varchar(60) NOT NULL,
  actor      varchar(200),
  created_at timestamptz NOT NULL,
  read_at    timestamptz,
  UNIQUE (user_id, kind, ticket_id, ref)
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
