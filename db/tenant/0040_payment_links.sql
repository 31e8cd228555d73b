-- One table of payment links for every owner that takes money by link (issue 28, item 1): the payments area
-- (src/areas/payments/) owns it; an owner is named by its kind and its id. The links of back-office bookings, visa
-- invoices and hotel bookings move here with their references, token hashes, gateway orders and pages, so links
-- already sent keep working; their tables go.
CREATE TABLE payment_links (
  link_id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_kind          text NOT NULL,
  owner_id            integer NOT NULL,
  -- our reference given to the gateway (its cart id), the `ref` of the return addresses
  link_reference      text NOT NULL UNIQUE,
  gateway_order_ref   text NOT NULL,
  payment_url         text NOT NULL,
  amount              numeric(14, 3) NOT NULL CHECK (amount > 0),
  currency            text NOT NULL,
  status              text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'PAID', 'DECLINED', 'CANCELLED', 'EXPIRED')),
  -- the return addresses' `t`: only its SHA-256 is kept
  callback_token_hash bytea NOT NULL,
  expires_at          timestamptz NOT NULL,
  created_at          timestamptz NOT NULL,
  created_by          integer,
  settled_at          timestamptz
);
-- at most one ACTIVE link per owner (one expired by time is marked EXPIRED before a new one is made)
CREATE UNIQUE INDEX payment_links_one_active ON payment_links (owner_kind, owner_id) WHERE status = 'ACTIVE';
-- the reconciler's round: open links, oldest first
CREATE INDEX payment_links_open ON payment_links (created_at, link_id) WHERE status = 'ACTIVE';
CREATE INDEX payment_links_owner ON payment_links (owner_kind, owner_id, link_id);

-- Moved in the order they were made, so an owner's links keep their order; hotel's CANCELLED_PAYMENT is CANCELLED.
INSERT INTO payment_links (owner_kind, owner_id, link_reference, gateway_order_ref, payment_url, amount, currency,
                           status, callback_token_hash, expires_at, created_at, created_by, settled_at)
SELECT kind, owner_id, link_reference, gateway_order_ref, payment_url, amount, currency, status, callback_token_hash,
       expires_at, created_at, created_by, settled_at
FROM (
  SELECT 'blm-booking' AS kind, booking_id AS owner_id, link_reference, gateway_order_ref, payment_url, amount,
         currency, status, callback_token_hash, expires_at, created_at, NULL::integer AS created_by, settled_at, link_id
  FROM blm_payment_links
  UNION ALL
  SELECT 'visa-invoice', invoice_id, link_reference, gateway_order_ref, payment_url, amount, currency, status,
         callback_token_hash, expires_at, created_at, NULL, settled_at, link_id
  FROM visa_invoice_links
  UNION ALL
  SELECT 'hotel-booking', hotel_booking_id, cart_reference, gateway_order_ref, payment_url, amount, currency,
         CASE status WHEN 'CANCELLED_PAYMENT' THEN 'CANCELLED' ELSE status END, callback_token_hash, expires_at,
         created_at, created_by, settled_at, link_id
  FROM hotel_payment_links
) moved
ORDER BY created_at, link_id;

-- A booking's payment names the link it settled by the link's new id (negated first: link_id is UNIQUE there).
UPDATE blm_payments p SET link_id = -n.link_id
FROM blm_payment_links o JOIN payment_links n ON n.link_reference = o.link_reference
WHERE p.link_id = o.link_id;
UPDATE blm_payments SET link_id = -link_id WHERE link_id < 0;

DROP TABLE blm_payment_links;
DROP TABLE visa_invoice_links;
DROP TABLE hotel_payment_links;

-- Each owner's read-only window on its links, under the old table's name and in its own words: the owner's reads
-- say whether a link is active in the same statement as its row, and its tests read links as they did. Writes go
-- through the payments area only.
CREATE VIEW blm_payment_links AS
  SELECT link_id, owner_id AS booking_id, link_reference, payment_url, amount, currency, status, expires_at,
         created_at, settled_at
  FROM payment_links WHERE owner_kind = 'blm-booking';
CREATE VIEW visa_invoice_links AS
  SELECT link_id, owner_id AS invoice_id, link_reference, payment_url, amount, currency, status, expires_at,
         created_at, settled_at
  FROM payment_links WHERE owner_kind = 'visa-invoice';
CREATE VIEW hotel_payment_links AS
  SELECT link_id, owner_id AS hotel_booking_id, link_reference AS cart_reference, payment_url, amount, currency,
         CASE status WHEN 'CANCELLED' THEN 'CANCELLED_PAYMENT' ELSE status END AS status, expires_at, created_at,
         created_by, settled_at
  FROM payment_links WHERE owner_kind = 'hotel-booking';
