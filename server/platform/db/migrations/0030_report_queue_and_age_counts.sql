-- Reports under contention (docs/bench/reports.md, docs/adr/0150-report-counts-from-narrow-indexes.md):
-- "tickets by queue" counts the open tickets (of a period, or of all time) per queue and priority,
-- and "age of open tickets" counts them by creation time. Without these the planner read a wider
-- index of migration 0016 or the table; with them each count is an index-only scan of the open
-- statuses' entries of an index that holds only what the count needs.
CREATE INDEX IF NOT EXISTS tickets_status_queue_counts_idx ON tickets (status, queue, severity) INCLUDE (created_at);
CREATE INDEX IF NOT EXISTS tickets_status_created_idx ON tickets (status, created_at);
