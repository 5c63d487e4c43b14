-- A ticket queue may require a certification of whoever a ticket in it is assigned to
-- (docs/adr/0223): one rule per queue, set by an admin; assignment checks the assignee holds a
-- certification of that name that has not expired. Written only by the people feature.
CREATE TABLE queue_certifications (
  queue         varchar(20)  PRIMARY KEY CHECK (queue IN ('Support', 'Programming', 'Managed Services', 'Sales', 'QA')),
  certification varchar(120) NOT NULL CHECK (btrim(certification) <> ''),
  set_by        integer      NOT NULL REFERENCES staff_users(id),
  set_at        timestamptz  NOT NULL
);
