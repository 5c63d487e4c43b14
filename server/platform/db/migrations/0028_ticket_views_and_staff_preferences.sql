-- Saved views of the ticket search: a staff user's own named filters, seen only by them
-- (docs/adr/0136-ticket-views.md). The filters are the search endpoint's parameters.
CREATE TABLE ticket_saved_views (
  id         serial PRIMARY KEY,
  staff_id   integer NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
  name       text NOT NULL,
  filters    jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One name once per user, whatever its case.
CREATE UNIQUE INDEX ticket_saved_views_name ON ticket_saved_views (staff_id, lower(name));

-- A staff user's preferences that follow them across browsers, one row a key (the rows per page
-- of a data table: 'table-size:<table>'), written only by the tickets feature
-- (docs/adr/0137-staff-preferences.md).
CREATE TABLE staff_preferences (
  staff_id   integer NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
  key        text NOT NULL,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (staff_id, key)
);
