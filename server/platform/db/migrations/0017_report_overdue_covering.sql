-- Reports (docs/bench/reports.md): "overdue by assignee" counts the open tickets past their due
-- date per assignee, with the urgent ones, filtered by company, queue or priority. The partial
-- index of open tickets by assignee and due date (0001) found them but the name, priority,
-- company and queue were read from the table (a parallel scan of every ticket at a million).
-- The same index with those columns included answers the report from the index alone
-- (index-only scan), and still serves the overdue check by assignee and due date.
DROP INDEX IF EXISTS tickets_overdue_idx;
CREATE INDEX tickets_overdue_idx ON tickets (assignee_id, duedate) INCLUDE (assignee_name, severity, company_id, queue) WHERE status <> 'C';
