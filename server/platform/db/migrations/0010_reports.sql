-- Reports (docs/adr/0075-reports.md): the indexes their queries need at a million tickets.
-- Opened vs closed and SLA attainment read the tickets closed in a period; the columns they group
-- and filter by ride along, so a period is answered from the index alone.
CREATE INDEX tickets_closed_at_idx ON tickets (closed_at) INCLUDE (status, severity, duedate, queue, company_id, assignee_id)
  WHERE closed_at IS NOT NULL;
-- Time reports read a period of time entries.
CREATE INDEX time_entries_work_date_idx ON time_entries (work_date);
