-- Back-office bookings (BLM, issue 14, contract §7.3): bookings an agent keeps for a customer, with their lines (a
-- merged cart's items), the payments recorded against them and the payment links for their open amount. Carts gain
-- their number (contract §7.2), the identifier /blm/cart/addToBooking takes as cartId.
ALTER TABLE carts ADD COLUMN cart_number integer GENERATED ALWAYS AS IDENTITY;
ALTER TABLE carts ADD CONSTRAINT carts_cart_number UNIQUE (cart_number);

-- TQ-<yyyy>-<nnnnn>: gapless per tenant and year (the tenant's calendar).
CREATE TABLE blm_booking_counters (
  year        integer PRIMARY KEY,
  last_number integer NOT NULL
);

CREATE TABLE blm_bookings (
  booking_id        integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference         text NOT NULL UNIQUE,
  customer_id       integer NOT NULL REFERENCES customers,
  -- the customer's name, e-mail and phone when the booking was made: what searchEligible's keyword matches
  customer_name     text NOT NULL,
  customer_email    text,
  customer_phone    text,
  -- EXPIRED is written by the option sweep; a read treats an OPTION_HELD past its deadline as EXPIRED already
  status            text NOT NULL DEFAULT 'ENQUIRY' CHECK (status IN ('ENQUIRY', 'QUOTED', 'OPTION_HELD', 'CONFIRMED',
                      'TICKETED', 'COMPLETED', 'AMENDED', 'CANCELLED', 'EXPIRED')),
  option_expires_at timestamptz CHECK (status <> 'OPTION_HELD' OR option_expires_at IS NOT NULL),
  currency          text NOT NULL,
  total_amount      numeric(14, 3) NOT NULL DEFAULT 0,
  paid_amount       numeric(14, 3) NOT NULL DEFAULT 0 CHECK (paid_amount >= 0),
  -- paid at least this share of the total (and less than all of it): DEPOSIT_PAID
  deposit_percent   numeric(5, 2) NOT NULL DEFAULT 20 CHECK (deposit_percent BETWEEN 0 AND 100),
  notes             text,
  -- the merged cart's orderNum (or its cart number): a booking takes one cart
  cart_reference    text,
  created_by        integer,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blm_bookings_newest ON blm_bookings (created_at DESC, booking_id DESC);
CREATE INDEX blm_bookings_customer ON blm_bookings (customer_id, created_at DESC);
-- the option sweep: held options by deadline
CREATE INDEX blm_bookings_options ON blm_bookings (option_expires_at) WHERE status = 'OPTION_HELD';

CREATE TABLE blm_booking_lines (
  booking_id   integer NOT NULL REFERENCES blm_bookings ON DELETE CASCADE,
  line_no      integer NOT NULL,
  product_id   integer,
  variant_id   integer,
  description  text NOT NULL,
  unit_name    text,
  quantity     integer NOT NULL CHECK (quantity > 0),
  unit_price   numeric(14, 3) NOT NULL,
  total        numeric(14, 3) NOT NULL,
  service_date date,
  time_slot    text NOT NULL DEFAULT '',
  -- the capacity hold the cart's item had, sold with the merge (the catalog's)
  hold_id      bigint,
  cart_number  integer,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (booking_id, line_no)
);

CREATE TABLE blm_payments (
  payment_id   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id   integer NOT NULL REFERENCES blm_bookings ON DELETE CASCADE,
  amount       numeric(14, 3) NOT NULL CHECK (amount > 0),
  method       text NOT NULL,
  -- the tenant's calendar date of the payment
  payment_date date NOT NULL,
  reference    text,
  -- the payment link it settled (recorded once per link)
  link_id      integer UNIQUE,
  recorded_by  integer,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blm_payments_booking ON blm_payments (booking_id, payment_id);

-- A payment link for a booking's open amount. ACTIVE until paid, declined, cancelled or past expires_at.
CREATE TABLE blm_payment_links (
  link_id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id          integer NOT NULL REFERENCES blm_bookings ON DELETE CASCADE,
  -- our reference given to the gateway (its cart id), the `ref` of the return address
  link_reference      text NOT NULL UNIQUE,
  gateway_order_ref   text NOT NULL,
  payment_url         text NOT NULL,
  amount              numeric(14, 3) NOT NULL CHECK (amount > 0),
  currency            text NOT NULL,
  status              text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'PAID', 'DECLINED', 'CANCELLED', 'EXPIRED')),
  -- the return address's `t`: only its hash is kept
  callback_token_hash bytea NOT NULL,
  expires_at          timestamptz NOT NULL,
  settled_at          timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now()
);
-- at most one ACTIVE link per booking (one expired by time is marked EXPIRED before a new one is made)
CREATE UNIQUE INDEX blm_payment_links_active ON blm_payment_links (booking_id) WHERE status = 'ACTIVE';
