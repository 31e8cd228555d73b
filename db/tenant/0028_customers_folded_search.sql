-- Substring search on names and e-mails reads a lower-cased copy kept beside each (issue 13's figure). ILIKE folds
-- the case of every candidate row on each search: a surname shared by a thirtieth of 100,000 customers rechecks
-- 3,359 rows a search, and a plain LIKE on the stored lower-case text costs a fifth less of PostgreSQL's time.
-- The trigram indexes move to the copies (pg_trgm's trigrams are case-folded either way).
ALTER TABLE customers
  ADD COLUMN name_folded  text GENERATED ALWAYS AS (lower(cust_name)) STORED,
  ADD COLUMN email_folded text GENERATED ALWAYS AS (lower(email)) STORED;

DROP INDEX customers_name_trgm;
DROP INDEX customers_email_trgm;
CREATE INDEX customers_name_trgm ON customers USING gin (name_folded gin_trgm_ops);
CREATE INDEX customers_email_trgm ON customers USING gin (email_folded gin_trgm_ops);
