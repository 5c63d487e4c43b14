-- Standard change templates: a change made often, written once (plans, risk, estimate), picked when
-- staff raise an SCR. A pre-approved template's changes skip the change-advisory step while their
-- plans and risk stay the template's. Templates are retired, never deleted (SCRs name them).
CREATE TABLE change_templates (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                varchar(120) NOT NULL,
  product_area        varchar(80),
  title               varchar(200) NOT NULL,
  description         text NOT NULL,
  implementation_plan text NOT NULL,
  rollback_plan       text NOT NULL,
  risk_inputs         jsonb NOT NULL,
  estimate_hours      numeric(8, 2) NOT NULL,
  pre_approved        boolean NOT NULL DEFAULT false,
  retired_at          timestamptz,
  version             integer NOT NULL DEFAULT 1,
  created_by          integer NOT NULL REFERENCES staff_users(id),
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL
);
-- Two live templates never share a name.
CREATE UNIQUE INDEX change_templates_live_name ON change_templates (lower(name)) WHERE retired_at IS NULL;

ALTER TABLE software_change_requests ADD COLUMN template_id integer REFERENCES change_templates(id);
