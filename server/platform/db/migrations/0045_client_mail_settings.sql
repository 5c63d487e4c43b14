-- Which ticket mail a client user gets (docs/adr/0201): only what they turned off is stored, so a
-- new event is on for everyone. Written by the client-users feature only.
CREATE TABLE client_mail_opt_outs (
  client_user_id integer NOT NULL REFERENCES client_users(id) ON DELETE CASCADE,
  event          varchar(30) NOT NULL CHECK (event IN ('staff_reply', 'status_change')),
  since          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_user_id, event)
);

-- The key that signs a client user's unsubscribe links (docs/adr/0202): one per user, so a link
-- of one user never works for another and cannot be made without the key.
ALTER TABLE client_users ADD COLUMN mail_key uuid NOT NULL DEFAULT gen_random_uuid();
