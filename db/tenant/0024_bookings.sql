-- Bookings (issue 14, contract §7.3): a booking request made from a paid sales order (one per order), the
-- ticketing of each of its order lines (exactly once, retried after a failure), and the tickets issued.
-- The service data a ticket needs (date, time slot, who travels) is kept on the order line at checkout.
ALTER TABLE sales_order_lines
  ADD COLUMN service_date    date,
  ADD COLUMN time_slot       text,
  ADD COLUMN unit_name       text,
  ADD COLUMN pickup_location text,
  ADD COLUMN resv_name       text;

CREATE TABLE booking_requests (
  booking_request_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- the customer-facing reference (with the e-mail, the key of /booking/read and verifyAccess)
  refnum             text NOT NULL UNIQUE,
  sales_order_id     integer NOT NULL UNIQUE REFERENCES sales_orders,
  customer_id        integer REFERENCES customers,
  status             text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'CONFIRMED', 'CANCELLED')),
  -- with the id, the key of getTickets, the voucher and the ticket pages; handed to the buyer, so kept readable
  access_code        text NOT NULL CHECK (length(access_code) >= 10),
  access_max_date    timestamptz NOT NULL,
  -- the number the last confirm was given for its confirmation message (E.164)
  mobile_phone       text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
-- readall: a customer's own requests, newest first
CREATE INDEX booking_requests_customer ON booking_requests (customer_id, created_at DESC);

-- One row per order line to ticket. A line is claimed (IN_PROGRESS, claimed_at) by one confirm at a time; a claim
-- older than the ticketing timeout is taken over by the next confirm, so a line is never in progress forever.
CREATE TABLE booking_lines (
  booking_request_id integer NOT NULL REFERENCES booking_requests ON DELETE CASCADE,
  -- the sales order line
  line_no            integer NOT NULL,
  -- OWN: a ticket of ours; OFFLINE: offline inventory codes sold for the order; SUPPLIER: hasVendorBooking
  source             text NOT NULL CHECK (source IN ('OWN', 'OFFLINE', 'SUPPLIER')),
  status             text NOT NULL DEFAULT 'PENDING'
                     CHECK (status IN ('PENDING', 'IN_PROGRESS', 'CONFIRMED', 'FAILED')),
  claimed_at         timestamptz,
  attempts           integer NOT NULL DEFAULT 0,
  error_code         text,
  error_message      text,
  supplier_booking_id bigint,
  supplier_reference text,
  confirmed_at       timestamptz,
  PRIMARY KEY (booking_request_id, line_no)
);

-- The tickets issued for a line: one per unit of its quantity (or the supplier's vouchers).
CREATE TABLE booking_tickets (
  ticket_id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_request_id      integer NOT NULL,
  line_no                 integer NOT NULL,
  -- 1..n within the line
  seq                     integer NOT NULL,
  -- what a gate reads: our numbered ticket code, the offline inventory code, or the supplier's voucher code
  barcode                 text NOT NULL,
  -- the signed QR as a PNG data URI, made once on first read and kept (tickets do not change once issued)
  barcode_image           text,
  ticket_description      text NOT NULL,
  start_date              timestamptz,
  end_date                timestamptz,
  timeslot                text,
  option_id               integer,
  terms                   text,
  pickup_location         text,
  ticket_validity         text,
  ticket_print_type       text NOT NULL DEFAULT 'MOBILE' CHECK (ticket_print_type IN ('MOBILE', 'PRINT')),
  ticket_resv_name        text,
  supplier_booking_id     bigint,
  supplier_booking_sub_id bigint,
  supplier_reference      text,
  supplier_voucher        text,
  supplier_status         text,
  ext_info                jsonb,
  -- check-in: the first accepted scan, and the employee who made it
  redeemed_at             timestamptz,
  redeemed_by             integer,
  created_at              timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (booking_request_id, line_no) REFERENCES booking_lines ON DELETE CASCADE,
  UNIQUE (booking_request_id, line_no, seq)
);
CREATE INDEX booking_tickets_request ON booking_tickets (booking_request_id, ticket_id);

-- The tenant's Ed25519 key that signs ticket QR payloads; the private key is sealed like the other secrets.
-- A new key may be added later (rotation); tickets name the key id they were signed with.
CREATE TABLE ticket_signing_keys (
  key_id              text PRIMARY KEY,
  -- raw 32-byte public key, base64url
  public_key          text NOT NULL,
  -- PKCS#8 private key, sealed with the service's secret box
  private_key_sealed  text NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now()
);
