-- The Quality assurance board reads the QA queue and its runs: their changes land in the live
-- change log like the other boards' tables (docs/adr/0184-board-changes-logged-by-triggers.md).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['qa_items', 'qa_runs'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_live_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_event_log()', t);
    EXECUTE format('CREATE TRIGGER %1$s_live_update AFTER UPDATE ON %1$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_event_log()', t);
    EXECUTE format('CREATE TRIGGER %1$s_live_delete AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION live_event_log()', t);
  END LOOP;
END;
$$;
