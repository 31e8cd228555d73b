-- The customers area in full: every field of the specification's Customer, one active customer per e-mail address
-- (case-insensitive, contract §7.4), substring search over 100,000 customers by trigram indexes, and the trip
-- requests visitors and staff send.

ALTER TABLE customers
  ADD COLUMN cust_code       text,
  ADD COLUMN full_name       text,
  ADD COLUMN org_type        text,
  ADD COLUMN do_not_email    boolean NOT NULL DEFAULT false,
  ADD COLUMN tax_number      text,
  ADD COLUMN website         text,
  ADD COLUMN street2         text,
  ADD COLUMN zip             text,
  ADD COLUMN supplier_rank   integer NOT NULL DEFAULT 0,
  ADD COLUMN contact_medium  text,
  -- An active customer whose e-mail an older active customer already had when this migration ran: kept as it is
  -- (orders, invoices and users may name it) but outside the unique index; the lookups answer the older one.
  ADD COLUMN email_duplicate boolean NOT NULL DEFAULT false;

UPDATE customers c SET email_duplicate = true
WHERE c.active AND c.email IS NOT NULL
  AND EXISTS (SELECT 1 FROM customers older
              WHERE older.active AND lower(older.email) = lower(c.email) AND older.customer_id < c.customer_id);

-- One active customer per e-mail; an inactive (archived) customer no longer holds its address.
CREATE UNIQUE INDEX customers_email_unique ON customers (lower(email)) WHERE active AND NOT email_duplicate;

-- Search answers by name: a filter many customers match, or none, walks this index in order and stops at the cap
-- instead of sorting every match.
CREATE INDEX customers_by_name ON customers (cust_name, customer_id);

-- Contacts of a company (parent_id names it), for /customer/read's contactList.
CREATE INDEX customers_parent ON customers (parent_id) WHERE parent_id IS NOT NULL;

-- Substring search (ILIKE '%…%') by trigrams: a GIN index answers a pattern of three or more characters without
-- reading the table. On the columns themselves, not lower(…): pg_trgm's trigrams are case-folded already and ILIKE
-- uses these indexes, while lower() over every row of a sequential scan cost ten times more (docs/decisions.md).
-- pg_trgm is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX customers_name_trgm ON customers USING gin (cust_name gin_trgm_ops);
CREATE INDEX customers_email_trgm ON customers USING gin (email gin_trgm_ops);
CREATE INDEX customers_mobile_trgm ON customers USING gin (mobile_phone gin_trgm_ops);

CREATE TABLE trip_requests (
  request_id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  destination        text NOT NULL,
  travel_dates       text,
  num_travelers      integer CHECK (num_travelers BETWEEN 1 AND 10000),
  budget             numeric(14, 3) CHECK (budget >= 0),
  requirements       text,
  contact_name       text NOT NULL,
  contact_email      text NOT NULL,
  contact_phone      text,
  status             text NOT NULL DEFAULT 'NEW' CHECK (status IN ('NEW', 'IN_PROGRESS', 'QUOTED', 'CLOSED')),
  -- Who sent it: the logged-in user when there was one, and the kind of session (system: the website key, or no
  -- session at all, which the specification says is persisted as the system session).
  created_by_user_id integer REFERENCES users ON DELETE SET NULL,
  created_via        text NOT NULL CHECK (created_via IN ('system', 'guest', 'user')),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trip_requests_newest ON trip_requests (created_at DESC, request_id DESC);
CREATE INDEX trip_requests_contact_email ON trip_requests (lower(contact_email));
CREATE INDEX trip_requests_creator ON trip_requests (created_by_user_id) WHERE created_by_user_id IS NOT NULL;
