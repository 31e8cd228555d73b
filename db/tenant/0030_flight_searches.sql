-- Flight searches (issue 15): a search's offers are kept here so any node serves its next page and prices its
-- offers. `offers` holds them as the answer shows them (sorted by the search's sortOrder, ids `<searchId>-<n>`),
-- `supplier_offers` the supplier's own in the same order, which the supplier needs back to price one again. A
-- search is usable until expires_at (30 minutes); expired ones are deleted when a new search is stored.
CREATE TABLE flight_searches (
  search_id text PRIMARY KEY,
  origin text NOT NULL,
  destination text NOT NULL,
  departure_date date NOT NULL,
  return_date date,
  adults smallint NOT NULL,
  children smallint NOT NULL,
  infants smallint NOT NULL,
  currency text NOT NULL,
  sort_order smallint NOT NULL,
  grouping smallint NOT NULL,
  offers jsonb NOT NULL,
  supplier_offers jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE INDEX flight_searches_expires_at ON flight_searches (expires_at);
