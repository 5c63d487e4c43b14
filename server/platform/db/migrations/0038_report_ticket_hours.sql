-- Opened vs closed under load (docs/bench/reports.md, docs/adr/0140-ticket-counts-per-hour-kept-by-a-trigger.md):
-- the tickets opened and closed in each UTC hour, kept exact by a trigger in the same transaction
-- as every ticket write (insert, a change of its creation or closing time, delete), so a report
-- over a year reads about 9,000 rows instead of counting a million index entries per bucket.
-- A report reads it only when no filter narrows the tickets and its buckets start and end on whole
-- UTC hours (every zone with a whole-hour offset); otherwise it counts the tickets themselves.
CREATE TABLE report_ticket_hours (
  hour   timestamptz PRIMARY KEY CHECK (hour = date_trunc('hour', hour, 'UTC')),
  opened integer NOT NULL DEFAULT 0,
  closed integer NOT NULL DEFAULT 0
);

CREATE FUNCTION report_ticket_hours_add(at timestamptz, opened integer, closed integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO report_ticket_hours AS h (hour, opened, closed)
  VALUES (date_trunc('hour', at, 'UTC'), opened, closed)
  ON CONFLICT (hour) DO UPDATE SET opened = h.opened + excluded.opened, closed = h.closed + excluded.closed
$$;

CREATE FUNCTION report_ticket_hours_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM report_ticket_hours_add(OLD.created_at, -1, 0);
    IF OLD.closed_at IS NOT NULL THEN PERFORM report_ticket_hours_add(OLD.closed_at, 0, -1); END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM report_ticket_hours_add(NEW.created_at, 1, 0);
    IF NEW.closed_at IS NOT NULL THEN PERFORM report_ticket_hours_add(NEW.closed_at, 0, 1); END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER tickets_report_hours_insert_delete AFTER INSERT OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION report_ticket_hours_count();
CREATE TRIGGER tickets_report_hours_update AFTER UPDATE OF created_at, closed_at ON tickets
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.closed_at IS DISTINCT FROM NEW.closed_at)
  EXECUTE FUNCTION report_ticket_hours_count();
-- TRUNCATE fires no row trigger: it empties the counts too.
CREATE FUNCTION report_ticket_hours_clear() RETURNS trigger
LANGUAGE plpgsql AS $$ BEGIN TRUNCATE report_ticket_hours; RETURN NULL; END $$;
CREATE TRIGGER tickets_report_hours_truncate AFTER TRUNCATE ON tickets
  FOR EACH STATEMENT EXECUTE FUNCTION report_ticket_hours_clear();

-- The tickets already there.
INSERT INTO report_ticket_hours (hour, opened, closed)
SELECT hour, sum(opened)::int, sum(closed)::int
  FROM (SELECT date_trunc('hour', created_at, 'UTC') AS hour, 1 AS opened, 0 AS closed FROM tickets
        UNION ALL
        SELECT date_trunc('hour', closed_at, 'UTC'), 0, 1 FROM tickets WHERE closed_at IS NOT NULL) x
 GROUP BY hour;

-- The reports of tickets as they are now, of all time (docs/adr/0141-ticket-counts-as-they-are-now-kept-by-a-trigger.md):
-- how many tickets have each status, priority, queue, company and assignee, kept exact by a
-- trigger on every insert, delete and change of one of those (or of the names the reports show).
-- A report of all time reads a few thousand rows here instead of half a million index entries.
CREATE TABLE report_ticket_counts (
  status        text NOT NULL,
  severity      text NOT NULL,
  queue         text NOT NULL,
  company_id    integer,
  company_name  text,
  assignee_id   integer,
  assignee_name text,
  tickets       integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX report_ticket_counts_key ON report_ticket_counts (status, severity, queue, company_id, company_name, assignee_id, assignee_name) NULLS NOT DISTINCT;

CREATE FUNCTION report_ticket_counts_add(t tickets, d integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO report_ticket_counts AS c (status, severity, queue, company_id, company_name, assignee_id, assignee_name, tickets)
  VALUES (t.status, t.severity, t.queue, t.company_id, t.company_name, t.assignee_id, t.assignee_name, d)
  ON CONFLICT (status, severity, queue, company_id, company_name, assignee_id, assignee_name) DO UPDATE SET tickets = c.tickets + excluded.tickets
$$;

CREATE FUNCTION report_ticket_counts_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM report_ticket_counts_add(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM report_ticket_counts_add(NEW, 1); END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER tickets_report_counts_insert_delete AFTER INSERT OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION report_ticket_counts_count();
CREATE TRIGGER tickets_report_counts_update AFTER UPDATE OF status, severity, queue, company_id, company_name, assignee_id, assignee_name ON tickets
  FOR EACH ROW WHEN ((OLD.status, OLD.severity, OLD.queue, OLD.company_id, OLD.company_name, OLD.assignee_id, OLD.assignee_name)
                     IS DISTINCT FROM (NEW.status, NEW.severity, NEW.queue, NEW.company_id, NEW.company_name, NEW.assignee_id, NEW.assignee_name))
  EXECUTE FUNCTION report_ticket_counts_count();
CREATE FUNCTION report_ticket_counts_clear() RETURNS trigger
LANGUAGE plpgsql AS $$ BEGIN TRUNCATE report_ticket_counts; RETURN NULL; END $$;
CREATE TRIGGER tickets_report_counts_truncate AFTER TRUNCATE ON tickets
  FOR EACH STATEMENT EXECUTE FUNCTION report_ticket_counts_clear();

INSERT INTO report_ticket_counts (status, severity, queue, company_id, company_name, assignee_id, assignee_name, tickets)
SELECT status, severity, queue, company_id, company_name, assignee_id, assignee_name, count(*)::int
  FROM tickets GROUP BY status, severity, queue, company_id, company_name, assignee_id, assignee_name;

-- Statistics now, so the first reports read both by their keys rather than scan them.
ANALYZE report_ticket_hours;
ANALYZE report_ticket_counts;
