-- One gapless counter per tenant for every human-facing number (issue 28): a row per series (the number's own
-- prefix: SO, INV, QUO, TQ, VA, VI) and year, taken by `nextNumber` in the writing transaction under the row's lock,
-- so a rolled-back write gives its number back and concurrent writers queue for consecutive numbers.
CREATE TABLE counters (
  series      text NOT NULL CHECK (series ~ '^[A-Z][A-Z0-9]{0,15}$'),
  year        integer NOT NULL CHECK (year BETWEEN 1 AND 9999),
  last_number integer NOT NULL CHECK (last_number > 0),
  PRIMARY KEY (series, year)
);

-- The four tables of the areas' own counters carry over, so no number is issued twice after the upgrade. They are
-- locked before they are read: a node still running the old code waits here, then fails on the dropped table
-- instead of taking a number the copy did not see.
LOCK TABLE document_counters, quote_counters, blm_booking_counters, visa_counters IN ACCESS EXCLUSIVE MODE;

INSERT INTO counters (series, year, last_number)
SELECT kind, year, last FROM document_counters
UNION ALL
SELECT 'QUO', year, last_number FROM quote_counters
UNION ALL
SELECT 'TQ', year, last_number FROM blm_booking_counters
UNION ALL
SELECT CASE kind WHEN 'APPLICATION' THEN 'VA' WHEN 'INVOICE' THEN 'VI' END, year, last_number FROM visa_counters;

DROP TABLE document_counters, quote_counters, blm_booking_counters, visa_counters;
