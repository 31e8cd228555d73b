-- Bookings (issue 14): what a booking request keeps of its paid order, so the booking look-ups (/booking/read by
-- e-mail + refnum, readall, the tickets) read the bookings tables alone: a paid order does not change any more, and
-- each booking line is ticketed from its own row. Also: the outbox runs the ticketing of orders paid online
-- (kind 'booking-confirm'), and the service data of order lines placed before 0024 are filled from their carts.
ALTER TABLE booking_requests
  ADD COLUMN order_num      text,
  ADD COLUMN order_date     timestamptz,
  ADD COLUMN invoice_num    text,
  ADD COLUMN amount         numeric(14, 3),
  ADD COLUMN currency       text,
  -- the buyer's e-mail on the order, lower-cased: with the refnum, the key of the look-ups by secret pair
  ADD COLUMN customer_email text,
  -- the session and the user that placed the order (a guest's own bookings; readall of the user's)
  ADD COLUMN session_id     bigint,
  ADD COLUMN user_id        integer;
-- read and verifyAccess: one index probe by refnum (unique already); readall of employees: the orders they placed.
CREATE INDEX booking_requests_user ON booking_requests (user_id, created_at DESC) WHERE user_id IS NOT NULL;

-- A booking line as sold: what the ticketing and the search rows show, copied from the order line at create.
ALTER TABLE booking_lines
  ADD COLUMN product_id      integer,
  ADD COLUMN variant_id      integer,
  ADD COLUMN description     text,
  ADD COLUMN quantity        numeric(12, 3),
  ADD COLUMN unit_name       text,
  ADD COLUMN service_date    date,
  ADD COLUMN time_slot       text,
  ADD COLUMN pickup_location text,
  ADD COLUMN resv_name       text;

ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('mail', 'message', 'booking-confirm'));

-- Order lines placed before the service columns existed: from their cart's items, which checkout numbered in
-- item order (the same product on the same position, or the line is left as it is).
UPDATE sales_order_lines l
SET service_date = i.book_date, time_slot = NULLIF(i.time_slot, ''), unit_name = i.unit_name,
    pickup_location = i.pickup_location, resv_name = i.resv_name
FROM sales_orders o,
     LATERAL (SELECT ci.*, row_number() OVER (ORDER BY ci.item_id) AS position
              FROM cart_items ci WHERE ci.cart_id = o.cart_id) i
WHERE o.sales_order_id = l.sales_order_id AND i.position = l.line_no AND i.product_id = l.product_id
  AND l.unit_name IS NULL;
