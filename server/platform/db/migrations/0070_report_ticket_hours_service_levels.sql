-- SLA attainment from the hourly counts (docs/bench/reports.md, docs/adr/0246-report-period-counts-from-the-smaller-side.md):
-- each UTC hour of report_ticket_hours (migration 0038) also holds, per priority, the tickets closed
-- in it that count for the service level (status closed, with a due date) and those of them closed
-- on or before their due date. Kept exact by triggers in the same transaction as every insert,
-- delete and change of status, priority, due date or closing time; a report without a filter whose
-- months start and end on whole UTC hours sums them instead of counting the closed tickets.
ALTER TABLE report_ticket_hours
  ADD COLUMN due_c integer NOT NULL DEFAULT 0, ADD COLUMN met_c integer NOT NULL DEFAULT 0,
  ADD COLUMN due_h integer NOT NULL DEFAULT 0, ADD COLUMN met_h integer NOT NULL DEFAULT 0,
  ADD COLUMN due_m integer NOT NULL DEFAULT 0, ADD COLUMN met_m integer NOT NULL DEFAULT 0,
  ADD COLUMN due_l integer NOT NULL DEFAULT 0, ADD COLUMN met_l integer NOT NULL DEFAULT 0;

-- d: +1 or -1 for a ticket counted for its service level, closed at `at` with priority `severity`; met: whether in time.
CREATE FUNCTION report_ticket_hours_sla_add(at timestamptz, severity text, d integer, met boolean) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO report_ticket_hours AS h (hour, due_c, met_c, due_h, met_h, due_m, met_m, due_l, met_l)
  VALUES (date_trunc('hour', at, 'UTC'),
          CASE WHEN severity = 'C' THEN d ELSE 0 END, CASE WHEN severity = 'C' AND met THEN d ELSE 0 END,
          CASE WHEN severity = 'H' THEN d ELSE 0 END, CASE WHEN severity = 'H' AND met THEN d ELSE 0 END,
          CASE WHEN severity = 'M' THEN d ELSE 0 END, CASE WHEN severity = 'M' AND met THEN d ELSE 0 END,
          CASE WHEN severity = 'L' THEN d ELSE 0 END, CASE WHEN severity = 'L' AND met THEN d ELSE 0 END)
  ON CONFLICT (hour) DO UPDATE SET
    due_c = h.due_c + excluded.due_c, met_c = h.met_c + excluded.met_c, due_h = h.due_h + excluded.due_h, met_h = h.met_h + excluded.met_h,
    due_m = h.due_m + excluded.due_m, met_m = h.met_m + excluded.met_m, due_l = h.due_l + excluded.due_l, met_l = h.met_l + excluded.met_l
$$;

CREATE FUNCTION report_ticket_hours_sla_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'C' AND OLD.duedate IS NOT NULL AND OLD.closed_at IS NOT NULL THEN
    PERFORM report_ticket_hours_sla_add(OLD.closed_at, OLD.severity, -1, OLD.closed_at <= OLD.duedate);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'C' AND NEW.duedate IS NOT NULL AND NEW.closed_at IS NOT NULL THEN
    PERFORM report_ticket_hours_sla_add(NEW.closed_at, NEW.severity, 1, NEW.closed_at <= NEW.duedate);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER tickets_report_hours_sla_insert_delete AFTER INSERT OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION report_ticket_hours_sla_count();
CREATE TRIGGER tickets_report_hours_sla_update AFTER UPDATE OF status, severity, duedate, closed_at ON tickets
  FOR EACH ROW WHEN ((OLD.status, OLD.severity, OLD.duedate, OLD.closed_at) IS DISTINCT FROM (NEW.status, NEW.severity, NEW.duedate, NEW.closed_at))
  EXECUTE FUNCTION report_ticket_hours_sla_count();

-- The tickets already there (an hour with SLA counts always has closings, so its row exists).
UPDATE report_ticket_hours h
   SET due_c = s.due_c, met_c = s.met_c, due_h = s.due_h, met_h = s.met_h, due_m = s.due_m, met_m = s.met_m, due_l = s.due_l, met_l = s.met_l
  FROM (SELECT date_trunc('hour', closed_at, 'UTC') AS hour,
               count(*) FILTER (WHERE severity = 'C')::int AS due_c, count(*) FILTER (WHERE severity = 'C' AND closed_at <= duedate)::int AS met_c,
               count(*) FILTER (WHERE severity = 'H')::int AS due_h, count(*) FILTER (WHERE severity = 'H' AND closed_at <= duedate)::int AS met_h,
               count(*) FILTER (WHERE severity = 'M')::int AS due_m, count(*) FILTER (WHERE severity = 'M' AND closed_at <= duedate)::int AS met_m,
               count(*) FILTER (WHERE severity = 'L')::int AS due_l, count(*) FILTER (WHERE severity = 'L' AND closed_at <= duedate)::int AS met_l
          FROM tickets WHERE status = 'C' AND duedate IS NOT NULL AND closed_at IS NOT NULL GROUP BY 1) s
 WHERE h.hour = s.hour;

ANALYZE report_ticket_hours;
