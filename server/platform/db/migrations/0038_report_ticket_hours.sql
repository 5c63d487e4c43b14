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
-- Statistics now, so the first reports read it by its key rather than scan it per bucket.
ANALYZE report_ticket_hours;
