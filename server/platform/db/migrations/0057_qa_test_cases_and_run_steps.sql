-- Reusable QA test cases get what a tester needs and an edit version; a case retires (active = false)
-- instead of being deleted, since runs point at it. Each case of a run keeps the title it was tested
-- under and who recorded its result, and when.

ALTER TABLE qa_test_cases
  ADD COLUMN expected_result text NOT NULL DEFAULT '',
  ADD COLUMN created_by      integer REFERENCES staff_users(id),
  ADD COLUMN updated_at      timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN retired_at      timestamptz,
  ADD COLUMN version         integer NOT NULL DEFAULT 1;

ALTER TABLE qa_run_steps
  ADD COLUMN title       varchar(200),
  ADD COLUMN added_at    timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN recorded_by integer REFERENCES staff_users(id),
  ADD COLUMN recorded_at timestamptz;
UPDATE qa_run_steps s SET title = c.title FROM qa_test_cases c WHERE c.id = s.test_case_id;
ALTER TABLE qa_run_steps ALTER COLUMN title SET NOT NULL;
CREATE INDEX qa_run_steps_case_idx ON qa_run_steps (test_case_id);
