-- Sales: answers of the public "how did you hear about us" form wait for staff review before they
-- touch a company (docs/adr/0098-public-answers-wait-for-review.md); one waiting answer per company
-- name and email.

-- A company name as the business compares it: case, spaces and punctuation aside
-- ("  ACME  Utilities. " is "acme utilities").
CREATE FUNCTION sales_company_key(name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(lower(name), '[[:space:][:punct:]]+', ' ', 'g')) $$;

-- Every answer so far was attached to a company when it came in: those stay confirmed.
ALTER TABLE huhy_answers ADD COLUMN status varchar(10) NOT NULL DEFAULT 'confirmed' CHECK (status IN ('pending', 'confirmed', 'discarded'));
UPDATE huhy_answers SET status = 'pending' WHERE company_id IS NULL;
ALTER TABLE huhy_answers ALTER COLUMN status SET DEFAULT 'pending';
ALTER TABLE huhy_answers ADD COLUMN reviewed_by integer REFERENCES staff_users(id);
ALTER TABLE huhy_answers ADD COLUMN reviewed_at timestamptz;
-- A confirmed answer belongs to a company; a waiting or discarded one to none.
ALTER TABLE huhy_answers ADD CONSTRAINT huhy_answers_company_check CHECK ((status = 'confirmed') = (company_id IS NOT NULL));

-- One waiting answer per company name and email: the same answer sent again (or four times at once)
-- is stored once.
CREATE UNIQUE INDEX huhy_answers_pending_idx ON huhy_answers (sales_company_key(company_name), lower(email)) WHERE status = 'pending';
CREATE INDEX huhy_answers_pending_created_idx ON huhy_answers (created_at, id) WHERE status = 'pending';

-- Finding the company an answer names (the review's suggestion, and "no second company of that name").
CREATE INDEX companies_sales_key_idx ON companies (sales_company_key(name));
