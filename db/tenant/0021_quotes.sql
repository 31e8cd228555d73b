-- Quotes: offers an agency makes to a customer before it sells, numbered per tenant and year without gaps
-- (QUO-2026-000001), with their lines, each line's tax at the rate in force when it was added, and the single-use
-- links a customer accepts or rejects a sent quote with. Money is numeric; the service computes in integer minor
-- units and writes the exact decimals.

-- The last quote number of each year (the tenant's calendar year). Taken in the creating transaction, so a
-- rolled-back creation gives its number back and none is skipped.
CREATE TABLE quote_counters (
  year        integer PRIMARY KEY,
  last_number integer NOT NULL CHECK (last_number > 0)
);

CREATE TABLE quotes (
  quote_id        integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote_number    text NOT NULL UNIQUE,
  customer_id     integer NOT NULL REFERENCES customers,
  -- the customer's name when the quote was made: the document is addressed to it
  customer_name   text NOT NULL,
  -- ISO 4217 alphabetic code; every amount below is in it
  currency        text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  status          text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'SENT', 'ACCEPTED', 'REJECTED')),
  -- sums of the lines: net + tax = total (the gross)
  net_amount      numeric(14, 3) NOT NULL DEFAULT 0,
  tax_amount      numeric(14, 3) NOT NULL DEFAULT 0,
  total_amount    numeric(14, 3) NOT NULL DEFAULT 0,
  valid_until     timestamptz NOT NULL,
  created_by      integer REFERENCES users ON DELETE SET NULL,
  -- the trip request the quote answers (/document/createQuoteFromTripRequest), owned by the customers area
  trip_request_id integer,
  -- the invoice an accepted quote became (/document/invoiceQuote), owned by the sales area
  invoice_number  text UNIQUE,
  sent_at         timestamptz,
  responded_at    timestamptz,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  CHECK (net_amount + tax_amount = total_amount)
);
CREATE INDEX quotes_customer ON quotes (customer_id, created_at DESC, quote_id DESC);
CREATE INDEX quotes_creator ON quotes (created_by, created_at DESC, quote_id DESC) WHERE created_by IS NOT NULL;
CREATE INDEX quotes_created ON quotes (created_at DESC, quote_id DESC);

CREATE TABLE quote_items (
  item_id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote_id           integer NOT NULL REFERENCES quotes ON DELETE CASCADE,
  line_no            integer NOT NULL CHECK (line_no > 0),
  description        text NOT NULL CHECK (description <> ''),
  quantity           numeric(12, 3) NOT NULL CHECK (quantity > 0),
  unit_price         numeric(14, 3) NOT NULL CHECK (unit_price >= 0),
  -- quantity × unit price as entered (net, or gross when the tenant's prices include tax)
  total_price        numeric(14, 3) NOT NULL CHECK (total_price >= 0),
  net_amount         numeric(14, 3) NOT NULL,
  tax_amount         numeric(14, 3) NOT NULL,
  gross_amount       numeric(14, 3) NOT NULL,
  -- the tax in force when the line was added; a later change of the tenant's rate leaves the line as it is
  tax_rate_percent   numeric(5, 2) NOT NULL CHECK (tax_rate_percent BETWEEN 0 AND 100),
  prices_include_tax boolean NOT NULL,
  tax_exempt         boolean NOT NULL DEFAULT false,
  -- RESTRICT: a product quoted stays while its quotes do
  product_id         integer REFERENCES products,
  -- the product's name when the line was added
  product_name       text,
  created_at         timestamptz NOT NULL,
  UNIQUE (quote_id, line_no),
  CHECK (net_amount + tax_amount = gross_amount)
);
CREATE INDEX quote_items_product ON quote_items (product_id) WHERE product_id IS NOT NULL;

-- The links of a sent quote's e-mail: random tokens kept as SHA-256 only, used once, valid until the quote is.
CREATE TABLE quote_response_tokens (
  token_hash bytea PRIMARY KEY,
  quote_id   integer NOT NULL REFERENCES quotes ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX quote_response_tokens_quote ON quote_response_tokens (quote_id);
