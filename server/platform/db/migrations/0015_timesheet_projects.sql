-- A timesheet row is a ticket, a project or a company (docs/adr/0080-time-and-managed-services.md).
-- Time entries already carry project_id (0011); the rows a person keeps on a week gain it here.
ALTER TABLE timesheet_rows ADD COLUMN project_id integer REFERENCES projects(id) ON DELETE CASCADE;
ALTER TABLE timesheet_rows DROP CONSTRAINT timesheet_rows_check;
ALTER TABLE timesheet_rows ADD CONSTRAINT timesheet_rows_one_item_ck CHECK (num_nonnulls(ticket_id, project_id, company_id) = 1);
DROP INDEX timesheet_rows_item_uq;
CREATE UNIQUE INDEX timesheet_rows_item_uq
  ON timesheet_rows (staff_user_id, week_start, COALESCE(ticket_id, 0), COALESCE(project_id, 0), COALESCE(company_id, 0));
