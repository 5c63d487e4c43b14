-- A reply by email from a company contact without a portal account is a public note of theirs:
-- the note keeps the contact and the name and address it came from (shown as its author).
ALTER TABLE ticket_notes ADD COLUMN contact_id integer REFERENCES contacts(id) ON DELETE SET NULL;
ALTER TABLE ticket_notes ADD COLUMN author_name varchar(120);
ALTER TABLE ticket_notes ADD COLUMN author_email varchar(254);
