-- A ticket contact without a portal account can turn ticket mail off from the mail itself
-- (docs/adr/0215): their one-click unsubscribe links are signed with a key of their own, and what
-- they turned off is stored per contact. Written by the client-users feature only (the one that
-- owns unsubscribe links); the contacts' own feature keeps writing the rest of the row.
ALTER TABLE contacts ADD COLUMN mail_key uuid NOT NULL DEFAULT gen_random_uuid();

CREATE TABLE contact_mail_opt_outs (
  contact_id integer NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  event      varchar(30) NOT NULL CHECK (event IN ('staff_reply', 'status_change')),
  since      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (contact_id, event)
);

-- Mail to an address asks which contacts have it (ticket mail, mail in).
CREATE INDEX contacts_email_lower_idx ON contacts (lower(email));
