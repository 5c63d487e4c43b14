-- A deep page of one queue by priority skips the tickets before it from this index alone (an
-- index-only scan) and reads only its own page's tickets from the table (docs/adr/0268). The
-- index of migration 0069 holds the priority's rank, not the priority itself, and PostgreSQL
-- reads a query from an index only when it holds every column the query names: it now holds the
-- priority too.
DROP INDEX tickets_queue_severity_idx;
CREATE INDEX tickets_queue_severity_idx ON tickets (queue, severity_rank(severity), id) INCLUDE (severity);
