-- Keyset pages of the ticket search on a sort column that may be empty (due date, company name,
-- assignee name) start where they continue, as they do on columns that are never empty.
--
-- The list puts the empty values last ascending and first descending. A keyset page orders by
-- `(column IS NULL)`, then the column with its empty values replaced by a fixed value, then the
-- id: the same order, over keys that are never empty, so "after the anchor" is one row comparison
-- that these indexes read as where to start (docs/adr/0247). The first pages keep their indexes
-- (tickets_duedate_idx, tickets_company_name_idx, tickets_assignee_name_idx): filters on the due
-- date read them.
CREATE INDEX tickets_duedate_seek_idx ON tickets ((duedate IS NULL), COALESCE(duedate, '-infinity'::timestamptz), id);
CREATE INDEX tickets_company_name_seek_idx ON tickets ((company_name IS NULL), COALESCE(company_name, ''), id);
CREATE INDEX tickets_assignee_name_seek_idx ON tickets ((assignee_name IS NULL), COALESCE(assignee_name, ''), id);
