-- A new quote stays an unnumbered draft until it is kept (saved explicitly) or sent
-- (docs/adr/0124-quote-numbers-on-keep.md): its number is given then, from quote_number_seq.
ALTER TABLE quotes ALTER COLUMN number DROP NOT NULL;
-- A revision copies the number of a quote that has one; a quote without one is a first draft.
ALTER TABLE quotes ADD CONSTRAINT quotes_unnumbered_is_new_draft CHECK (number IS NOT NULL OR (status = 'draft' AND revision = 1)) NOT VALID;
