-- Searches ignore accents as well as case (docs/adr/0118-accent-blind-search.md): "MÉTER" finds
-- what "meter" finds, "Muller" finds "Müller".
--
-- * unaccent ships with PostgreSQL (the embedded server and Debian's packages) and is a trusted
--   extension. Its unaccent() is only STABLE (it reads a dictionary chosen by the search path),
--   so it cannot stand in an index expression; f_unaccent() names the dictionary and its schema
--   once, which makes it IMMUTABLE, and its body is bound when it is created (BEGIN ATOMIC), so it
--   works whatever the search path of the session (a restore runs with an empty one).
-- * Tickets: the stored words (search_vector, migration 0005) are taken from the unaccented text,
--   and the search unaccents the query the same way. Only tickets whose title, description or
--   notes hold a character outside ASCII get a different vector (unaccent maps no ASCII
--   character), so only those are rewritten.
-- * Companies, contacts, projects, quotes and catalog items: each text a search matches with
--   ILIKE gets a trigram index over f_unaccent(column); the searches write
--   f_unaccent(column) ILIKE f_unaccent(pattern), the same expression, so the index serves them.

CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;

CREATE FUNCTION f_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
BEGIN ATOMIC
  SELECT public.unaccent('public.unaccent'::regdictionary, $1);
END;

CREATE OR REPLACE FUNCTION ticket_search_vector(ticket integer, title text, description text) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT to_tsvector('english', f_unaccent(title || ' ' || description))
         || coalesce((SELECT to_tsvector('english', f_unaccent(string_agg(n.body, ' ' ORDER BY n.id)))
                        FROM ticket_notes n WHERE n.ticket_id = ticket AND n.kind = 'note'), ''::tsvector)
$$;

CREATE OR REPLACE FUNCTION tickets_copy_columns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.search_vector := to_tsvector('english', f_unaccent(NEW.title || ' ' || NEW.description));
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

UPDATE tickets t
   SET search_vector = ticket_search_vector(t.id, t.title, t.description)
 WHERE (t.title || t.description) ~ '[^\x01-\x7F]'
    OR EXISTS (SELECT 1 FROM ticket_notes n WHERE n.ticket_id = t.id AND n.kind = 'note' AND n.body ~ '[^\x01-\x7F]');

CREATE INDEX companies_name_unaccent_idx ON companies USING gin (f_unaccent(name) gin_trgm_ops);
CREATE INDEX companies_account_unaccent_idx ON companies USING gin (f_unaccent(account_number) gin_trgm_ops);
CREATE INDEX contacts_name_unaccent_idx ON contacts USING gin (f_unaccent(name) gin_trgm_ops);
CREATE INDEX contacts_email_unaccent_idx ON contacts USING gin (f_unaccent(email) gin_trgm_ops);
CREATE INDEX projects_name_unaccent_idx ON projects USING gin (f_unaccent(name) gin_trgm_ops);
CREATE INDEX quotes_number_unaccent_idx ON quotes USING gin (f_unaccent(number) gin_trgm_ops);
CREATE INDEX quotes_title_unaccent_idx ON quotes USING gin (f_unaccent(title) gin_trgm_ops);
CREATE INDEX quotes_client_name_unaccent_idx ON quotes USING gin (f_unaccent(client_name) gin_trgm_ops);
CREATE INDEX catalog_items_name_unaccent_idx ON catalog_items USING gin (f_unaccent(name) gin_trgm_ops);
CREATE INDEX catalog_items_sku_unaccent_idx ON catalog_items USING gin (f_unaccent(sku) gin_trgm_ops);
CREATE INDEX catalog_items_description_unaccent_idx ON catalog_items USING gin (f_unaccent(description) gin_trgm_ops);
