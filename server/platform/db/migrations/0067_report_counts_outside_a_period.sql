-- Tickets by status, priority, queue, company and assignee over a period (docs/adr/0246-report-period-counts-from-the-smaller-side.md):
-- when the period holds most tickets, a report takes the counts of every ticket as they are now
-- (report_ticket_counts, migration 0038) and subtracts the tickets created before and after the
-- period. This index finds those tickets by status and creation time and carries every column the
-- reports group or filter by, so the subtraction is an index-only range scan of the tickets outside
-- the period rather than a scan of every open ticket's entry.
CREATE INDEX IF NOT EXISTS tickets_status_created_counts_idx ON tickets (status, created_at)
  INCLUDE (severity, queue, company_id, company_name, assignee_id, assignee_name);
