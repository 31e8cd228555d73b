-- The pages of a kept flight search, serialised once when the search is stored (issue 15's fetchResults figure):
-- a page never changes, so fetchResults answers its stored JSON as it is, instead of slicing the offers' jsonb and
-- serialising them again on every read. One row per view (0 individual, 1 grouped) and page; gone with the search.
CREATE TABLE flight_search_pages (
  search_id text NOT NULL REFERENCES flight_searches ON DELETE CASCADE,
  grouping  smallint NOT NULL CHECK (grouping IN (0, 1)),
  page      integer NOT NULL CHECK (page >= 1),
  -- the offer set of the page as /flight/fetchResults answers it (apiData), JSON text
  answer    text NOT NULL,
  -- the search's, copied: a page is read by its key alone
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (search_id, grouping, page)
);
-- Pages are read far more often than written, and a page of offers compresses little: kept out of line but not
-- compressed, so a read does not decompress it.
ALTER TABLE flight_search_pages ALTER COLUMN answer SET STORAGE EXTERNAL;
