-- Reports (docs/adr/0087-report-drill-down-everywhere.md, docs/bench/reports.md): "tickets by
-- company" and "tickets by assignee" count the open tickets (of a period, or of all time) per
-- party and priority. Without these the planner reads the whole table (a parallel scan of every
-- ticket: 1.0 s p95 at a million tickets under load); with them it reads only the index entries of
-- the open statuses, with the party, its name, the priority and the creation time alongside, so
-- the count is an index-only scan with or without a period.
CREATE INDEX IF NOT EXISTS tickets_status_company_counts_idx ON tickets (status, company_id, company_name, severity) INCLUDE (created_at);
CREATE INDEX IF NOT EXISTS tickets_status_assignee_counts_idx ON tickets (status, assignee_id, assignee_name, severity) INCLUDE (created_at);
