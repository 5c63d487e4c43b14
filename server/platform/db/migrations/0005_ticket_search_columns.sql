-- Ticket search at a million tickets, second step (ADR 0042): every ticket carries what its
-- search filters and sorts on, so one index serves each search.
--
-- * search_vector: the words of the title, the description and every note of the ticket in one
--   stored tsvector, kept by triggers. One GIN index replaces the two expression indexes of 0004,
--   the planner has statistics on the column (it tells a common word from a rare one), and a
--   search walks a sort index and checks the stored vector of each row instead of recomputing it.
-- * company_name, assignee_name: the names the list shows and sorts by, copied from companies and
--   staff_users by triggers (a rename updates the tickets), so a sort by name walks an index
--   instead of joining and sorting a million rows.
-- * severity_rank: severities sort by weight (Critical, High, Medium, Low), not by code letter.

ALTER TABLE tickets ADD COLUMN search_vector tsvector NOT NULL DEFAULT ''::tsvector;
ALTER TABLE tickets ADD COLUMN company_name varchar(200);
ALTER TABLE tickets ADD COLUMN assignee_name varchar(120);

CREATE FUNCTION severity_rank(code varchar) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT CASE code WHEN 'C' THEN 1 WHEN 'H' THEN 2 WHEN 'M' THEN 3 WHEN 'L' THEN 4 END::smallint $$;

-- The words of a ticket: title and description, then its notes (change entries are not words
-- anybody wrote, so they are left out).
CREATE FUNCTION ticket_search_vector(ticket integer, title text, description text) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT to_tsvector('english', title || ' ' || description)
         || coalesce((SELECT to_tsvector('english', string_agg(n.body, ' ' ORDER BY n.id))
                        FROM ticket_notes n WHERE n.ticket_id = ticket AND n.kind = 'note'), ''::tsvector)
$$;

CREATE FUNCTION tickets_copy_columns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.search_vector := to_tsvector('english', NEW.title || ' ' || NEW.description);
  ELSIF NEW.title IS DISTINCT FROM OLD.title OR NEW.description IS DISTINCT FROM OLD.description THEN
    NEW.search_vector := ticket_search_vector(NEW.id, NEW.title, NEW.description);
  END IF;
  IF TG_OP = 'INSERT' OR NEW.company_id IS DISTINCT FROM OLD.company_id THEN
    NEW.company_name := (SELECT name FROM companies WHERE id = NEW.company_id);
  END IF;
  IF TG_OP = 'INSERT' OR NEW.assignee_id IS DISTINCT FROM OLD.assignee_id THEN
    NEW.assignee_name := (SELECT name FROM staff_users WHERE id = NEW.assignee_id);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tickets_copy_columns BEFORE INSERT OR UPDATE OF title, description, company_id, assignee_id
  ON tickets FOR EACH ROW EXECUTE FUNCTION tickets_copy_columns();

CREATE FUNCTION ticket_notes_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.ticket_id ELSE NEW.ticket_id END;
BEGIN
  UPDATE tickets t SET search_vector = ticket_search_vector(t.id, t.title, t.description) WHERE t.id = affected;
  IF TG_OP = 'UPDATE' AND OLD.ticket_id <> NEW.ticket_id THEN
    UPDATE tickets t SET search_vector = ticket_search_vector(t.id, t.title, t.description) WHERE t.id = OLD.ticket_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER ticket_notes_search_vector AFTER INSERT OR DELETE OR UPDATE OF body, kind, ticket_id
  ON ticket_notes FOR EACH ROW EXECUTE FUNCTION ticket_notes_search_vector();

CREATE FUNCTION companies_rename_tickets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tickets SET company_name = NEW.name WHERE company_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER companies_rename_tickets AFTER UPDATE OF name ON companies
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION companies_rename_tickets();

CREATE FUNCTION staff_users_rename_tickets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tickets SET assignee_name = NEW.name WHERE assignee_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER staff_users_rename_tickets AFTER UPDATE OF name ON staff_users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION staff_users_rename_tickets();

-- Existing tickets, then the indexes on the new columns (built once, after the rewrite).
DROP INDEX tickets_search_idx;
DROP INDEX ticket_notes_search_idx;
UPDATE tickets t
   SET search_vector = ticket_search_vector(t.id, t.title, t.description),
       company_name = (SELECT name FROM companies c WHERE c.id = t.company_id),
       assignee_name = (SELECT name FROM staff_users u WHERE u.id = t.assignee_id);

CREATE INDEX tickets_search_vector_idx ON tickets USING gin (search_vector);
-- One index per sortable column that had none, each ending with the id (the tie-breaker).
CREATE INDEX tickets_title_idx ON tickets (title, id);
CREATE INDEX tickets_status_idx ON tickets (status, id);
CREATE INDEX tickets_severity_idx ON tickets (severity_rank(severity), id);
CREATE INDEX tickets_queue_idx ON tickets (queue, id);
CREATE INDEX tickets_company_name_idx ON tickets (company_name, id);
CREATE INDEX tickets_assignee_name_idx ON tickets (assignee_name, id);
