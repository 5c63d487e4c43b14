-- Live displays: the wall boards' change log, and the TVs paired to show a board.
--
-- Every change to a table a board reads lands in live_events in the writing transaction (one row
-- per statement, with up to 50 of the ids it touched), and a NOTIFY on the product's one event
-- channel tells the app servers; they coalesce, compute each board's snapshot once and push it.
-- Triggers cover every writer without touching the features that own these tables
-- (docs/adr/0184-board-changes-logged-by-triggers.md). Written only by these triggers and the
-- live-displays feature's pruning job.
CREATE TABLE live_events (
  id    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  topic text NOT NULL,
  ids   bigint[] NOT NULL DEFAULT '{}',
  at    timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX live_events_at_idx ON live_events (at);

CREATE FUNCTION live_event_log() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched bigint[];
  event_id bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT COALESCE(array_agg(id), '{}') INTO touched FROM (SELECT id FROM old_rows LIMIT 50) o;
  ELSE
    SELECT COALESCE(array_agg(id), '{}') INTO touched FROM (SELECT id FROM new_rows LIMIT 50) n;
  END IF;
  IF cardinality(touched) = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO live_events (topic, ids) VALUES (TG_TABLE_NAME, touched) RETURNING id INTO event_id;
  PERFORM pg_notify('client_care_events',
    json_build_object('topic', 'live.changed', 'payload', json_build_object('id', event_id, 'topic', TG_TABLE_NAME))::text);
  RETURN NULL;
END;
$$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['tickets', 'time_entries', 'sales_activities', 'software_change_requests', 'sprints', 'tasks'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_live_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_event_log()', t);
    EXECUTE format('CREATE TRIGGER %1$s_live_update AFTER UPDATE ON %1$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_event_log()', t);
    EXECUTE format('CREATE TRIGGER %1$s_live_delete AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION live_event_log()', t);
  END LOOP;
END;
$$;

-- A TV paired to show a board (or a rotation through several). The pairing token is stored only
-- as its SHA-256; the TV exchanges it once for an HttpOnly cookie holding a second secret, also
-- stored only as a hash. Revoking ends every open stream of the display.
CREATE TABLE live_displays (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name           varchar(80) NOT NULL,
  boards         text[] NOT NULL CHECK (cardinality(boards) BETWEEN 1 AND 5),
  rotate_seconds integer CHECK (rotate_seconds IS NULL OR rotate_seconds BETWEEN 10 AND 3600),
  allowed_ranges inet[] NOT NULL DEFAULT '{}',
  pairing_hash   bytea UNIQUE,
  pairing_until  timestamptz,
  cookie_hash    bytea UNIQUE,
  paired_at      timestamptz,
  created_by     integer REFERENCES staff_users(id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  revoked_at     timestamptz
);
