-- Time zones PostgreSQL accepts, and time that reaches a closed managed-services month.

-- Punches stored with a zone name the tz database has dropped (Intl still accepted them, so they
-- passed the old check) get the zone's current name; PostgreSQL refuses the old one, and the
-- forgotten-punch sweep counts any other unknown zone in UTC. Only names this server does not
-- know are renamed.
UPDATE timeclock_punches p
   SET time_zone = m.current_name
  FROM (VALUES ('us/pacific-new', 'America/Los_Angeles'), ('canada/east-saskatchewan', 'America/Regina')) AS m (dropped_name, current_name)
 WHERE lower(p.time_zone) = m.dropped_name
   AND NOT EXISTS (SELECT 1 FROM pg_timezone_names z WHERE lower(z.name) = m.dropped_name);

-- A closed managed-services month is a sent bill (docs/adr/0100-late-time-on-the-next-bill.md).
-- Each time entry a bill counted is marked with that bill's month: nothing is billed twice, and
-- time dated in a closed month that no bill has counted is late time, which the next bill takes.
ALTER TABLE time_entries ADD COLUMN ms_bill_month date CHECK (extract(day FROM ms_bill_month) = 1);
-- The late time of earlier months a bill took, within its billed minutes.
ALTER TABLE ms_month_closes ADD COLUMN adjustment_minutes integer NOT NULL DEFAULT 0 CHECK (adjustment_minutes >= 0);

-- Months closed before this: their bill counted the entries that existed when it was made (the
-- ones a managed-services contract counts: neither ticket nor project, or a Managed Services
-- ticket). Entries added after it stay unmarked: late time for the next bill.
UPDATE time_entries e
   SET ms_bill_month = c.month
  FROM ms_month_closes c
 WHERE e.company_id = c.company_id
   AND e.work_date >= c.month AND e.work_date < c.month + interval '1 month'
   AND e.created_at <= c.closed_at
   AND ((e.ticket_id IS NULL AND e.project_id IS NULL)
        OR EXISTS (SELECT 1 FROM tickets t WHERE t.id = e.ticket_id AND t.queue = 'Managed Services'));
