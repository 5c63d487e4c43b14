-- Live displays: frame ids a TV can trust, on-call changes on the Support board, and the open tickets' indexes the boards read.
--
-- A change-log id is drawn when the writing statement ends, but the row shows only when its
-- transaction commits, so ids do not show in their order: a board read between two commits could
-- hold id 11 while id 10 was still to come. Each writing transaction now marks the first id it
-- drew with a shared advisory lock (class 1279874630, the id as the second key) held until it
-- ends, and marks the instant of drawing (class 1279874629, key 0) so a reader can tell a draw in
-- progress. A reader takes the newest id it sees, minus whatever is still marked below it: every
-- change up to that position is committed and in what it reads next. A board frame carries that
-- position (docs/adr/0237-frame-ids-are-settled-change-log-positions.md).
--
-- The trigger also takes the name of the column that identifies a row (by default `id`), so the
-- on-call rotations (one per team, keyed by team_id) and overrides, which the Support board's
-- on-call tile reads, land in the log like the other boards' tables.
CREATE OR REPLACE FUNCTION live_event_log() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched bigint[];
  event_id bigint;
  key text := COALESCE(TG_ARGV[0], 'id');
BEGIN
  IF key = 'id' THEN
    IF TG_OP = 'DELETE' THEN
      SELECT COALESCE(array_agg(id), '{}') INTO touched FROM (SELECT id FROM old_rows LIMIT 50) o;
    ELSE
      SELECT COALESCE(array_agg(id), '{}') INTO touched FROM (SELECT id FROM new_rows LIMIT 50) n;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT COALESCE(array_agg((to_jsonb(o) ->> key)::bigint), '{}') INTO touched FROM (SELECT * FROM old_rows LIMIT 50) o;
  ELSE
    SELECT COALESCE(array_agg((to_jsonb(n) ->> key)::bigint), '{}') INTO touched FROM (SELECT * FROM new_rows LIMIT 50) n;
  END IF;
  IF cardinality(touched) = 0 THEN
    RETURN NULL;
  END IF;
  -- Drawing: marked before the id is drawn; the transaction's first id stays marked until it ends
  -- (its later ids are larger, so one mark a transaction keeps the lock table small).
  PERFORM pg_advisory_xact_lock_shared(1279874629, 0);
  event_id := nextval(pg_get_serial_sequence('live_events', 'id'));
  IF COALESCE(current_setting('live.first_event', true), '') = '' THEN
    PERFORM pg_advisory_xact_lock_shared(1279874630, (event_id % 2147483648)::int);
    PERFORM set_config('live.first_event', event_id::text, true);
  END IF;
  INSERT INTO live_events (id, topic, ids) OVERRIDING SYSTEM VALUE VALUES (event_id, TG_TABLE_NAME, touched);
  PERFORM pg_notify('client_care_events',
    json_build_object('topic', 'live.changed', 'payload', json_build_object('id', event_id, 'topic', TG_TABLE_NAME))::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER on_call_rotations_live_insert AFTER INSERT ON on_call_rotations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_event_log('team_id');
CREATE TRIGGER on_call_rotations_live_update AFTER UPDATE ON on_call_rotations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_event_log('team_id');
CREATE TRIGGER on_call_rotations_live_delete AFTER DELETE ON on_call_rotations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION live_event_log('team_id');
CREATE TRIGGER on_call_overrides_live_insert AFTER INSERT ON on_call_overrides REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_event_log();
CREATE TRIGGER on_call_overrides_live_update AFTER UPDATE ON on_call_overrides REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_event_log();
CREATE TRIGGER on_call_overrides_live_delete AFTER DELETE ON on_call_overrides REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION live_event_log();

-- The boards' per-ticket figures at a million tickets: the open tickets of a queue by due date
-- (overdue) and by age (the oldest open); the other counts come from report_ticket_counts.
CREATE INDEX tickets_open_queue_due_idx ON tickets (queue, duedate) WHERE status <> 'C';
CREATE INDEX tickets_open_queue_age_idx ON tickets (queue, created_at, id) WHERE status <> 'C';
