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
