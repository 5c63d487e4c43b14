-- Tickets at scale: full-text search over tickets and their notes, trigram search over company
-- names, the indexes the ticket search sorts and filters by, the clock pause of the waiting
-- states (WOC, WOT), change events in the thread, time entries and client portal invites.

-- The clock pause: while a ticket waits on the client or a third party its response clock
-- stops; when it leaves the waiting state the due date moves out by the time spent waiting.
ALTER TABLE tickets ADD COLUMN paused_since timestamptz;
ALTER TABLE tickets ADD COLUMN paused_seconds integer NOT NULL DEFAULT 0 CHECK (paused_seconds >= 0);

-- A thread entry is a note written by someone, or a change of a field (kind 'change').
ALTER TABLE ticket_notes ADD COLUMN kind varchar(6) NOT NULL DEFAULT 'note' CHECK (kind IN ('note', 'change'));
ALTER TABLE ticket_notes ADD COLUMN change jsonb;

-- Full-text search: the same expressions appear in the search query (server/routes/tickets-staff.ts).
CREATE INDEX tickets_search_idx ON tickets USING gin (to_tsvector('english', title || ' ' || description));
CREATE INDEX ticket_notes_search_idx ON ticket_notes USING gin (to_tsvector('english', body));

-- Filters and sorts of the ticket search.
CREATE INDEX tickets_duedate_idx ON tickets (duedate, id);
CREATE INDEX tickets_created_idx ON tickets (created_at, id);
CREATE INDEX tickets_updated_idx ON tickets (updated_at, id);
CREATE INDEX tickets_status_due_idx ON tickets (status, duedate, id);
CREATE INDEX tickets_assignee_idx ON tickets (assignee_id, id);
CREATE INDEX tickets_company_id_idx ON tickets (company_id, id);

-- Company search by name or account number.
CREATE INDEX companies_name_trgm_idx ON companies USING gin (name gin_trgm_ops);
CREATE INDEX companies_name_idx ON companies (lower(name), id);

CREATE TABLE time_entries (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_user_id integer NOT NULL REFERENCES staff_users(id),
  ticket_id     integer REFERENCES tickets(id) ON DELETE CASCADE,
  company_id    integer REFERENCES companies(id),
  note_id       bigint REFERENCES ticket_notes(id) ON DELETE SET NULL,
  work_date     date NOT NULL,
  minutes       integer NOT NULL CHECK (minutes > 0 AND minutes <= 1440),
  billable      boolean NOT NULL DEFAULT true,
  description   varchar(500) NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX time_entries_ticket_idx ON time_entries (ticket_id, work_date);
CREATE INDEX time_entries_staff_idx ON time_entries (staff_user_id, work_date);

-- Staff invitations of client portal users use password_tokens (purpose 'invite') from 0003.
