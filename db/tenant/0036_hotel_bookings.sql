-- Hotel bookings (issue 18, item 4): a stay booked online at the hotel supplier (GoGlobal or its simulator) or in a
-- contracted room of the agency's own inventory. The row is written before the supplier is called (PENDING) so a
-- booking whose answer never came is found again by its client reference; the payment link's cart reference is
-- how a paid payment confirms it (hotel payments, issue 18 item 6).
CREATE TABLE hotel_bookings (
  hotel_booking_id      integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- ours, sent to the supplier as its agent reference: unique across tenants (random), so never reused
  client_reference      text NOT NULL UNIQUE,
  mode                  text NOT NULL CHECK (mode IN ('contracted', 'online')),
  -- PENDING: our row, the supplier not yet answered; FAILED: the supplier refused or we undid it
  status                text NOT NULL DEFAULT 'PENDING'
                          CHECK (status IN ('PENDING', 'CONFIRMED', 'ON_REQUEST', 'CANCELLED', 'FAILED')),
  payment_status        text NOT NULL DEFAULT 'UNPAID' CHECK (payment_status IN ('UNPAID', 'PAID')),
  -- the payment link's cart reference (its orderNum): how /payment/hotel/* finds the booking
  cart_reference        text UNIQUE,
  -- online: 'simulator' or 'goglobal'; contracted: NULL
  supplier              text CHECK ((mode = 'online') = (supplier IS NOT NULL)),
  offer_code            text,
  supplier_booking_code text,
  supplier_reference    text,
  -- contracted: the inventory's hotel, room and market (no foreign key: the inventory's rows may be rewritten,
  -- the booking keeps its copy of the names)
  hotel_id              integer,
  room_id               integer,
  market                text,
  hotel_code            text,
  hotel_name            text NOT NULL,
  room_name             text,
  city_code             text,
  room_basis            text,
  check_in              date NOT NULL,
  check_out             date NOT NULL CHECK (check_out > check_in),
  rooms                 smallint NOT NULL CHECK (rooms >= 1),
  adults                smallint NOT NULL CHECK (adults >= 1),
  children              smallint NOT NULL DEFAULT 0 CHECK (children >= 0),
  -- [{ room, title, firstName, lastName, age? }]: every guest as sent to the supplier
  guests                jsonb NOT NULL,
  customer_id           integer REFERENCES customers,
  contact_email         text,
  contact_phone         text,
  currency              text NOT NULL,
  total_price           numeric(14, 3) NOT NULL CHECK (total_price >= 0),
  -- what the supplier or the contract charges us
  cost_price            numeric(14, 3) NOT NULL CHECK (cost_price >= 0),
  cancellation_deadline date,
  remarks               text,
  created_by            integer,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  paid_at               timestamptz,
  cancelled_at          timestamptz
);
CREATE INDEX hotel_bookings_newest ON hotel_bookings (created_at DESC, hotel_booking_id DESC);
CREATE INDEX hotel_bookings_customer ON hotel_bookings (customer_id, created_at DESC) WHERE customer_id IS NOT NULL;
CREATE UNIQUE INDEX hotel_bookings_supplier_code ON hotel_bookings (supplier, supplier_booking_code)
  WHERE supplier_booking_code IS NOT NULL;
