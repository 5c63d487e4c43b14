-- One price limit for the catalog and quote lines: QUOTE_LIMITS.unitPriceCentsMax in
-- src/contracts/quotes.ts (99,999,999 cents, $999,999.99; docs/adr/0099). The API refuses a
-- larger price with a 400 naming the field; these checks make the columns say the same, so no
-- other writer can store what the schemas refuse. NOT VALID: rows written before are not
-- re-read here (a database holding a larger price still starts); every new or changed row is checked.
ALTER TABLE catalog_items
  ADD CONSTRAINT catalog_items_unit_price_max CHECK (unit_price_cents <= 99999999) NOT VALID,
  ADD CONSTRAINT catalog_items_unit_cost_max CHECK (unit_cost_cents <= 99999999) NOT VALID;
ALTER TABLE quote_lines
  ADD CONSTRAINT quote_lines_unit_price_max CHECK (unit_price_cents <= 99999999) NOT VALID;
