-- Payment links of hotel bookings (issue 18, item 6): a gateway order for a booking's price, its cart reference
-- (the `ref` of /payment/hotel/success|cancel|decline, and the booking's cart_reference while it is the booking's
-- current link), and what became of it. At most one ACTIVE link per booking. The booking's payment status gains the
-- specification's outcomes of a payment page left unpaid: CANCELLED_PAYMENT and DECLINED (a new link makes it
-- UNPAID again).
ALTER TABLE hotel_bookings DROP CONSTRAINT hotel_bookings_payment_status_check;
ALTER TABLE hotel_bookings ADD CONSTRAINT hotel_bookings_payment_status_check
  CHECK (payment_status IN ('UNPAID', 'PAID', 'CANCELLED_PAYMENT', 'DECLINED'));

CREATE TABLE hotel_payment_links (
  link_id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  hotel_booking_id    integer NOT NULL REFERENCES hotel_bookings,
  cart_reference      text NOT NULL UNIQUE,
  gateway_order_ref   text NOT NULL,
  payment_url         text NOT NULL,
  amount              numeric(14, 3) NOT NULL CHECK (amount > 0),
  currency            text NOT NULL,
  status              text NOT NULL DEFAULT 'ACTIVE'
                        CHECK (status IN ('ACTIVE', 'PAID', 'CANCELLED_PAYMENT', 'DECLINED', 'EXPIRED')),
  -- SHA-256 of the return addresses' `t`: without it a return page names the reference only (contract §6)
  callback_token_hash bytea NOT NULL,
  expires_at          timestamptz NOT NULL,
  created_at          timestamptz NOT NULL,
  created_by          integer,
  settled_at          timestamptz
);
CREATE UNIQUE INDEX hotel_payment_links_one_active ON hotel_payment_links (hotel_booking_id) WHERE status = 'ACTIVE';
CREATE INDEX hotel_payment_links_open ON hotel_payment_links (created_at) WHERE status = 'ACTIVE';
