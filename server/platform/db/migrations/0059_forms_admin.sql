-- Admins keep the company values and the expense rates (docs/adr/0229, 0230): both get an id the
-- admin screens name them by; a value's name stays unique whatever its case, and a renamed value's
-- kudos follow the rename.
ALTER TABLE kudo_values ADD COLUMN id integer GENERATED ALWAYS AS IDENTITY;
ALTER TABLE kudo_values ADD CONSTRAINT kudo_values_id_key UNIQUE (id);
CREATE UNIQUE INDEX kudo_values_name_folded ON kudo_values (lower(name));
ALTER TABLE kudos DROP CONSTRAINT kudos_value_fkey;
ALTER TABLE kudos ADD CONSTRAINT kudos_value_fkey FOREIGN KEY (value) REFERENCES kudo_values(name) ON UPDATE CASCADE;

ALTER TABLE expense_rates ADD COLUMN id integer GENERATED ALWAYS AS IDENTITY;
ALTER TABLE expense_rates ADD CONSTRAINT expense_rates_id_key UNIQUE (id);
