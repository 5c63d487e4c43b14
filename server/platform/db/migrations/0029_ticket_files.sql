-- Files attached to a ticket itself (chosen in the create form and sent once the ticket exists,
-- docs/adr/0138) have no note: note_id is null for them. A file of a note keeps its note.
ALTER TABLE ticket_attachments ALTER COLUMN note_id DROP NOT NULL;
